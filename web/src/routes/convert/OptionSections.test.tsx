import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { FORMAT_KEYS, type FormatKey } from "../../../../catalog/index.js";
import { decodeOptions } from "../../../../pdf-ops/options.js";
import { shapeOf } from "../../lib/option-schema.js";
import { encodeFields } from "../../lib/tool-form.js";
import type { Values } from "../tool/settings/types.js";
import { formatTool, targetName } from "./format-groups.js";
import { OptionSections } from "./OptionSections.js";
import { NOT_APPLIED } from "../../../../catalog/index.js";
import { controlKind, fieldText, optionSections, shownFields, valuesForFormat } from "./option-fields.js";
import { provideResizeObserver } from "./test-dom.js";
import { useOptionValues } from "./use-option-values.js";

provideResizeObserver();

/** The sections of one format with live values; `latest` always holds what the screen would send. */
function renderFormat(format: FormatKey) {
  const tool = formatTool(format);
  const latest: { values: Values } = { values: {} };
  function Harness() {
    const { values, setValues } = useOptionValues(() => valuesForFormat(tool, {}));
    latest.values = values;
    return <OptionSections tool={tool} target={targetName(tool)} values={values} setValues={setValues} />;
  }
  render(<Harness />);
  return latest;
}

/** What the server makes of the multipart fields the screen sends for these values. */
function serverReading(format: FormatKey, values: Values) {
  const fields = new Map<string, string[]>();
  for (const [name, value] of encodeFields(values)) fields.set(name, [value]);
  return decodeOptions(formatTool(format).options, fields);
}

const controlCount = () =>
  (["switch", "slider", "combobox", "textbox"] as const).reduce((n, role) => n + screen.queryAllByRole(role).length, 0);

describe("conversion options generated from the catalogue", () => {
  it("has a control for every field a format can apply, in a General section and the format's own", () => {
    for (const format of FORMAT_KEYS) {
      const tool = formatTool(format);
      const keys = Object.keys(shapeOf(tool.options));
      // The table of settings a format cannot apply names only fields the catalogue gives it.
      for (const key of NOT_APPLIED[format]) expect(keys, `${format} has ${key}`).toContain(key);
      const shown = shownFields(tool);
      expect(shown.length).toBeGreaterThan(0);
      for (const key of shown) expect(controlKind(tool.options, key), `${format}.${key}`).toBeDefined();
      expect(optionSections(tool, targetName(tool)).flatMap((s) => s.keys)).toEqual(shown);
    }
    expect(optionSections(formatTool("pdf-to-jpg"), "JPG").map((s) => s.title)).toEqual(["General Options", "JPG Options"]);
    // What PDF to SVG cannot use is not offered: only the page range is left.
    expect(optionSections(formatTool("pdf-to-svg"), "SVG")).toEqual([{ title: "General Options", keys: ["pageRange"] }]);
    expect(optionSections(formatTool("jpg-to-pdf"), "PDF")).toEqual([{ title: "PDF Options", keys: ["pageSize", "orientation", "margin"] }]);
  });

  it("offers PDF to PNG no image format, since PNG is what it makes", () => {
    renderFormat("pdf-to-png");
    expect(shownFields(formatTool("pdf-to-png"))).not.toContain("imageFormat");
    expect(screen.queryByLabelText("Image format")).toBeNull();
    expect(screen.getByLabelText("Resolution")).toBeInTheDocument();
  });

  it("shows one labelled control per field it applies, no more and no fewer", () => {
    renderFormat("pdf-to-html");
    const shown = shownFields(formatTool("pdf-to-html"));
    expect(shown).toEqual(["ocrEnabled", "pageRange", "responsiveLayout", "singlePage", "includeCss"]);
    for (const key of shown) expect(screen.getByLabelText(fieldText(key).label)).toBeInTheDocument();
    expect(controlCount()).toBe(shown.length);
    expect(screen.queryByLabelText("Quality")).toBeNull();
  });

  it("starts from the spec's defaults, and the server reads them back unchanged", () => {
    const latest = renderFormat("pdf-to-word");
    expect(latest.values).toEqual({
      preserveFormatting: true,
      ocrEnabled: true,
      quality: 80,
      pageRange: "",
      detectTables: true,
      embedFonts: true,
      outputDocumentFormat: "docx",
    });
    expect(serverReading("pdf-to-word", latest.values)).toEqual(latest.values);
  });

  it("sends every option changed on screen, as the server reads it", () => {
    const latest = renderFormat("pdf-to-jpg");
    fireEvent.change(screen.getByLabelText("Resolution"), { target: { value: "72" } });
    fireEvent.change(screen.getByLabelText("Colour space"), { target: { value: "grayscale" } });
    fireEvent.change(screen.getByLabelText("Image format"), { target: { value: "png" } });
    fireEvent.change(screen.getByLabelText("Page range"), { target: { value: "1-2" } });
    // Quality moves in the spec's steps of five.
    const quality = screen.getByRole("slider");
    act(() => quality.focus());
    fireEvent.keyDown(quality, { key: "ArrowRight" });
    const expected = {
      preserveFormatting: true,
      ocrEnabled: false,
      quality: 85,
      pageRange: "1-2",
      imageResolution: 72,
      imageFormat: "png",
      colorSpace: "grayscale",
    };
    expect(latest.values).toEqual(expected);
    expect(serverReading("pdf-to-jpg", latest.values)).toEqual(expected);
  });

  it("sends the text layout switch of PDF to Text", () => {
    const latest = renderFormat("pdf-to-text");
    fireEvent.click(screen.getByLabelText("Preserve formatting"));
    expect(serverReading("pdf-to-text", latest.values)).toEqual({ preserveFormatting: false, ocrEnabled: true, pageRange: "" });
  });

  it("words choices for people while sending the catalogue's values", () => {
    renderFormat("pdf-to-jpg");
    const resolution = screen.getByLabelText("Resolution");
    expect(within(resolution).getAllByRole("option").map((o) => [o.getAttribute("value"), o.textContent])).toEqual([
      ["72", "72 DPI"],
      ["150", "150 DPI"],
      ["300", "300 DPI"],
      ["600", "600 DPI"],
    ]);
    expect((resolution as HTMLSelectElement).value).toBe("300");
  });

  it("collapses and reopens a section", () => {
    renderFormat("pdf-to-markdown");
    const trigger = screen.getByRole("button", { name: "Markdown Options" });
    expect(screen.getByLabelText("Heading style")).toBeInTheDocument();
    fireEvent.click(trigger);
    expect(trigger).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByLabelText("Heading style")).toBeNull();
    fireEvent.click(trigger);
    expect(screen.getByLabelText("Heading style")).toBeInTheDocument();
  });

  it("keeps settings the next format also shows, and takes defaults for the rest", () => {
    const jpgTool = formatTool("pdf-to-jpg");
    const jpg = { ...valuesForFormat(jpgTool, {}), quality: 60, pageRange: "2", colorSpace: "cmyk" };
    expect(valuesForFormat(formatTool("pdf-to-ppt"), jpg, jpgTool)).toMatchObject({ quality: 60, pageRange: "2" });
    // Word cannot use quality, so it goes back to the default rather than travel along unseen.
    expect(valuesForFormat(formatTool("pdf-to-word"), jpg, jpgTool)).toMatchObject({ quality: 80, pageRange: "2", outputDocumentFormat: "docx" });
    // PDF to JPG has no OCR switch: its hidden "off" does not turn off Text's reading of scans.
    expect(valuesForFormat(formatTool("pdf-to-text"), jpg, jpgTool)).toEqual({ preserveFormatting: true, ocrEnabled: true, pageRange: "2" });
    expect(valuesForFormat(formatTool("pdf-to-png"), jpg, jpgTool)).toMatchObject({ colorSpace: "cmyk", imageResolution: 300 });
    // A choice made on a screen that shows the switch travels to the next one that shows it.
    const word = { ...valuesForFormat(formatTool("pdf-to-word"), {}), ocrEnabled: false };
    expect(valuesForFormat(formatTool("pdf-to-html"), word, formatTool("pdf-to-word"))).toMatchObject({ ocrEnabled: false });
  });
});
