import { describe, expect, it } from "vitest";
import { findTool } from "../../../../catalog/index.js";
import { SIGNATURE_COLORS } from "../../../../catalog/options/sign.js";
import { decodeOptions } from "../../../../pdf-ops/options.js";
import { parseColor } from "../../../../pdf-ops/colors.js";
import { placeSignature } from "../../../../pdf-ops/sign/appearance.js";
import { buildToolForm } from "../../lib/tool-form.js";
import { optionDefaults } from "../../lib/option-schema.js";
import { boxOnPage, moveBox, resizeBox } from "./placement.js";
import { SIGNATURE_COLOR_HEX } from "./signature-colors.js";
import { missingInput, requestValues } from "./sign-request.js";

const tool = findTool("pdf-sign")!;
const defaults = () => optionDefaults(tool.options);

/** The text fields of a form, and what the server's own decoder makes of them. */
function serverReads(form: FormData) {
  const fields = new Map<string, string[]>();
  for (const [name, value] of form) if (typeof value === "string") fields.set(name, [...(fields.get(name) ?? []), value]);
  return { fields: Object.fromEntries([...fields].map(([k, v]) => [k, v[0]])), options: decodeOptions(tool.options, fields) };
}

describe("sign request", () => {
  it("asks for the input of the chosen method with the spec's sentences", () => {
    expect(missingInput({ ...defaults() }, false)).toEqual({ title: "Missing signature", description: "Please draw your signature" });
    expect(missingInput({ ...defaults() }, true)).toBeUndefined();
    expect(missingInput({ ...defaults(), signatureType: "type", typedName: "   " }, false)).toEqual({
      title: "Missing name",
      description: "Please enter your name for the typed signature",
    });
    expect(missingInput({ ...defaults(), signatureType: "image" }, true)).toEqual({ title: "Missing image", description: "Please upload a signature image" });
    expect(missingInput({ ...defaults(), signatureType: "certificate" }, true)).toEqual({
      title: "Missing certificate",
      description: "Please upload a digital certificate file",
    });
    expect(missingInput({ ...defaults(), signatureType: "certificate", certificateFile: new File(["x"], "id.p12") }, false)).toBeUndefined();
  });

  it("sends the common fields and only the chosen type's own, which the server reads back unchanged", () => {
    const values = { ...defaults(), signatureType: "type", typedName: "Ada Lovelace", typedFont: "satisfy", typedStyle: "formal", drawSignatureData: "data:image/png;base64,AAAA", signaturePage: 2, signatureX: 12.5 };
    const form = buildToolForm([new File(["%PDF"], "a.pdf")], requestValues(values, false));
    const { fields, options } = serverReads(form);
    expect(Object.keys(fields)).toEqual([
      "signatureType",
      "visibleSignature",
      "lockPdfAfterSigning",
      "timeStamp",
      "signatureColor",
      "signatureOpacity",
      "signatureBorder",
      "signatureBackground",
      "signatureDate",
      "signatureLabel",
      "signatureReason",
      "signaturePage",
      "signatureX",
      "signatureY",
      "signatureWidth",
      "signatureHeight",
      "typedName",
      "typedFont",
      "typedStyle",
    ]);
    expect(options).toMatchObject({ signatureType: "type", typedName: "Ada Lovelace", typedFont: "satisfy", typedStyle: "formal", signaturePage: 2, signatureX: 12.5, signatureY: 80 });
    expect(options.drawSignatureData).toBeUndefined();
    const drawn = { ...defaults(), drawSignatureData: "data:image/png;base64,AAAA", typedName: "Ada" };
    const { fields: drawnFields, options: drawnOptions } = serverReads(buildToolForm([], requestValues(drawn, false)));
    expect(drawnOptions).toMatchObject({ signatureType: "draw", signaturePage: "last", drawSignatureData: "data:image/png;base64,AAAA" });
    expect(drawnFields.typedName).toBeUndefined();
  });

  it("sends the certificate and the image as files of their own, beside the PDF", () => {
    const certificate = new File([new Uint8Array([0x30, 0x82])], "id.p12");
    const form = buildToolForm(
      [new File(["%PDF"], "a.pdf")],
      requestValues({ ...defaults(), signatureType: "certificate", certificateFile: certificate, certificatePassword: "s3cret", signatureImage: new File(["x"], "s.png") }, false),
    );
    expect((form.get("files") as File).name).toBe("a.pdf");
    expect((form.get("certificateFile") as File).name).toBe("id.p12");
    expect(form.get("signatureImage")).toBeNull();
    expect(serverReads(form).options).toMatchObject({ certificatePassword: "s3cret", certificateLevel: "basic" });
  });

  it("asks for a time stamp only when the server can add one", () => {
    expect(requestValues({ ...defaults(), timeStamp: true }, false).timeStamp).toBe(false);
    expect(requestValues({ ...defaults(), timeStamp: true }, true).timeStamp).toBe(true);
  });

  it("uses the server's own colours", () => {
    for (const name of SIGNATURE_COLORS) {
      const [r, g, b] = parseColor(name)!;
      const hex = `#${[r, g, b].map((c) => Math.round(c * 255).toString(16).padStart(2, "0")).join("")}`;
      expect(SIGNATURE_COLOR_HEX[name], name).toBe(hex);
    }
  });
});

describe("placement", () => {
  const options = (patch: Record<string, number>) => tool.options.parse({ signatureType: "type", typedName: "A", ...patch }) as Parameters<typeof placeSignature>[0];

  it("shows the box exactly where the server draws it, also where it would stick out of the page", () => {
    const pages = [
      [595, 842],
      [842, 595],
      [200, 100],
    ] as const;
    const cases = [
      { signatureX: 50, signatureY: 80, signatureWidth: 200, signatureHeight: 80 },
      { signatureX: 0, signatureY: 0, signatureWidth: 50, signatureHeight: 20 },
      { signatureX: 95, signatureY: 99, signatureWidth: 500, signatureHeight: 200 },
      { signatureX: 33.3, signatureY: 12.7, signatureWidth: 123, signatureHeight: 45 },
    ];
    for (const [width, height] of pages) {
      for (const placement of cases) {
        const server = placeSignature(options(placement), width, height);
        const shown = boxOnPage(placement, { width, height });
        // Back to points from the top left corner, as the preview draws it.
        expect((shown.left / 100) * width).toBeCloseTo(server.x, 6);
        expect((shown.top / 100) * height).toBeCloseTo(height - server.y - server.height, 6);
        expect((shown.width / 100) * width).toBeCloseTo(server.width, 6);
        expect((shown.height / 100) * height).toBeCloseTo(server.height, 6);
      }
    }
  });

  it("keeps a dragged box on the page and a resized one within the catalogue's bounds", () => {
    const box = { left: 0, top: 0, width: 30, height: 10 };
    expect(moveBox(-5, 120, box)).toEqual({ signatureX: 0, signatureY: 90 });
    expect(moveBox(45.678, 20.04, box)).toEqual({ signatureX: 45.7, signatureY: 20 });
    const bounds = { width: { min: 50, max: 500 }, height: { min: 20, max: 200 } };
    expect(resizeBox(10, 1000, bounds)).toEqual({ signatureWidth: 50, signatureHeight: 200 });
    expect(resizeBox(210.4, 60.6, bounds)).toEqual({ signatureWidth: 210, signatureHeight: 61 });
  });
});
