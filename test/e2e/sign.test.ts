import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeNumberedPdf, pageCountOf, pageTexts, qpdfCheck, renderGray, tempDir, writeTemp } from "../helpers/pdf-tools.js";
import { makePng } from "../helpers/png.js";
import { startWebHarness, toastText, type WebHarness } from "./harness.js";

const exec = promisify(execFile);

let web: WebHarness;
let twoPages: string;
beforeAll(async () => {
  web = await startWebHarness();
  twoPages = await writeTemp("contract.pdf", await makeNumberedPdf(2));
});
afterAll(async () => web?.close());

/** Radix tabs switch on pointer down; a real click does that. */
async function openTab(page: Page, name: string) {
  await page.getByRole("tab", { name }).click();
}

async function chooseFile(page: Page, file: string) {
  await page.getByLabel("Choose files").setInputFiles(file);
  await expect.poll(() => page.getByRole("heading", { name: path.basename(file) }).count()).toBe(1);
}

/** Signs, waits for the Signed Document card and downloads the result; returns its path. */
async function signAndDownload(page: Page): Promise<string> {
  await page.getByRole("button", { name: "Sign PDF" }).click();
  await expect.poll(() => toastText(page), { timeout: 30_000 }).toContain("PDF Signed Successfully");
  const results = page.getByTestId("sign-results");
  await expect.poll(() => results.count()).toBe(1);
  expect(await results.innerText()).toContain("Signed Document");
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download Signed PDF" }).click();
  const target = path.join(await tempDir(), "signed.pdf");
  await (await download).saveAs(target);
  return target;
}

/** How many pixels darker than mid-grey lie in a rectangle of a grey page render (1 pixel = 1 point at 72 dpi). */
function darkIn(render: { width: number; pixels: Buffer }, x0: number, y0: number, x1: number, y1: number): number {
  let dark = 0;
  for (let y = Math.max(0, Math.round(y0)); y < Math.round(y1); y++) {
    for (let x = Math.max(0, Math.round(x0)); x < Math.min(render.width, Math.round(x1)); x++) if (render.pixels[y * render.width + x]! < 128) dark++;
  }
  return dark;
}

describe("sign screen", () => {
  it("draws a signature with the mouse, places it on page 2 by dragging, and signs it there", async () => {
    const { page, errors } = await web.reopen();
    // A step that cannot happen fails with its own message, well before the test's time runs out.
    page.setDefaultTimeout(15_000);
    await page.goto("/pdf-sign");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe("Sign PDF");
    await chooseFile(page, twoPages);
    for (const tab of ["Signature", "Placement", "Appearance"]) expect(await page.getByRole("tab", { name: tab }).count()).toBe(1);

    // Signing with nothing drawn is refused with the spec's toast.
    await page.getByRole("button", { name: "Sign PDF" }).click();
    expect(await toastText(page)).toBe("Missing signature Please draw your signature");

    // A zigzag across the canvas, drawn with the mouse.
    const canvas = page.getByTestId("draw-canvas");
    const pad = (await canvas.boundingBox())!;
    await page.mouse.move(pad.x + 40, pad.y + 110);
    await page.mouse.down();
    for (let i = 1; i <= 8; i++) await page.mouse.move(pad.x + 40 + i * 52, pad.y + (i % 2 ? 30 : 120), { steps: 4 });
    await page.mouse.up();

    // Page 2, chosen by number rather than as the last page.
    await openTab(page, "Placement");
    await page.getByRole("switch", { name: "Last Page" }).click();
    await page.getByLabel("Page number").fill("2");
    const sheet = page.getByTestId("placement-page");
    await expect.poll(() => sheet.getByRole("img", { name: "Page 2", exact: true }).count()).toBe(1);

    // Drag the box up and to the right, then make it larger by its corner (the mouse works within the window, and
    // the sticky header covers its top).
    await sheet.evaluate((element) => element.scrollIntoView({ block: "center" }));
    const box = page.getByTestId("signature-box");
    const before = (await box.boundingBox())!;
    const frame = (await sheet.boundingBox())!;
    await page.mouse.move(before.x + before.width / 2, before.y + before.height / 2);
    await page.mouse.down();
    await page.mouse.move(before.x + before.width / 2 + 40, frame.y + 0.15 * frame.height, { steps: 10 });
    await page.mouse.up();
    const handle = (await page.getByTestId("signature-resize").boundingBox())!;
    await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
    await page.mouse.down();
    await page.mouse.move(handle.x + handle.width / 2 + 20, handle.y + handle.height / 2 + 25, { steps: 5 });
    await page.mouse.up();

    // Arrow keys move the focused box by one percent.
    const xSlider = page.getByRole("slider", { name: "X position (from the left)" });
    const xBefore = Number(await xSlider.getAttribute("aria-valuenow"));
    await box.focus();
    await page.keyboard.press("ArrowLeft");
    await expect.poll(async () => Number(await xSlider.getAttribute("aria-valuenow"))).toBeCloseTo(xBefore - 1, 5);

    // The fields follow the box; the box's place on the picture is the place asked of the server.
    const width = Number(await page.getByLabel("Width").inputValue());
    const height = Number(await page.getByLabel("Height").inputValue());
    expect(width).toBeGreaterThan(200);
    expect(height).toBeGreaterThan(80);
    const sheetBox = (await sheet.boundingBox())!;
    const placed = (await box.boundingBox())!;
    const xPercent = ((placed.x - sheetBox.x) / sheetBox.width) * 100;
    const yPercent = ((placed.y - sheetBox.y) / sheetBox.height) * 100;
    expect(yPercent).toBeLessThan(40);
    expect(placed.width / sheetBox.width).toBeCloseTo(width / 595, 2);
    await page.screenshot({ path: "/tmp/sign-e2e-placement.png" });

    const signed = await signAndDownload(page);
    await qpdfCheck(signed);
    expect(await pageCountOf(signed)).toBe(2);
    const texts = await pageTexts(signed);
    expect(texts[0]).not.toContain("Signed by");
    expect(texts[1]).toContain("Signed by");
    expect(texts[1]).toContain("Reason: I approve this document");

    // Ink where the box was placed on page 2, nothing around it, and nothing at that place on page 1.
    const [left, top] = [(xPercent / 100) * 595, (yPercent / 100) * 842];
    const page2 = await renderGray(signed, 2, 72);
    const page1 = await renderGray(signed, 1, 72);
    const inside = darkIn(page2, left + 3, top + 3, left + width - 3, top + height - 3);
    const border = darkIn(page2, left - 2, top - 2, left + width + 2, top + height + 2) - inside;
    const around = darkIn(page2, left - 12, top - 12, left + width + 12, top + height + 12) - inside - border;
    expect(inside, "the drawing and the details inside the box").toBeGreaterThan(300);
    expect(border, "the border on the box's edges").toBeGreaterThan(width + height);
    expect(around, "ink just outside the box").toBe(0);
    expect(darkIn(page1, left - 12, top - 12, left + width + 12, top + height + 12)).toBe(0);
    expect(errors).toEqual([]);
  });

  it("types a name in a chosen script font, on a phone-sized window, and the PDF carries that font", async () => {
    const { page, errors } = await web.open({ width: 390 });
    page.setDefaultTimeout(15_000);
    await page.goto("/pdf-sign");
    await chooseFile(page, twoPages);
    await page.getByLabel("Signature type").selectOption("type");
    await page.getByRole("button", { name: "Sign PDF" }).click();
    expect(await toastText(page)).toBe("Missing name Please enter your name for the typed signature");
    await page.getByLabel("Your name").fill("Ada Lovelace");
    await page.getByLabel("Font").selectOption("parisienne");
    await page.getByLabel("Style").selectOption("formal");
    await page.screenshot({ path: "/tmp/sign-e2e-typed.png", fullPage: true });
    await openTab(page, "Placement");
    const sheet = page.getByTestId("placement-page");
    await expect.poll(() => sheet.getByRole("img", { name: "Page 2", exact: true }).count()).toBe(1);
    // The page fits the narrow window and the box keeps its share of it.
    const [sheetBox, box] = [(await sheet.boundingBox())!, (await page.getByTestId("signature-box").boundingBox())!];
    expect(sheetBox.width).toBeLessThan(390);
    expect(box.width / sheetBox.width).toBeCloseTo(200 / 595, 2);
    await sheet.evaluate((element) => element.scrollIntoView({ block: "center" }));
    await page.screenshot({ path: "/tmp/sign-e2e-typed-placement.png" });

    const signed = await signAndDownload(page);
    await qpdfCheck(signed);
    const { stdout: fonts } = await exec("pdffonts", [signed]);
    expect(fonts).toMatch(/Parisienne/);
    expect((await pageTexts(signed))[1]).toContain("Signed by Ada Lovelace");
    expect(errors).toEqual([]);
  });

  it("signs with an uploaded image, shown in the box before signing", async () => {
    // A black disc on white: the server draws the picture scaled into the box's mark area.
    const disc = await writeTemp("disc.png", makePng(120, 60, (x, y) => ((x - 60) ** 2 + (y - 30) ** 2 < 25 ** 2 ? 0 : 255)));
    const { page, errors } = await web.reopen();
    page.setDefaultTimeout(15_000);
    await page.goto("/pdf-sign");
    await chooseFile(page, twoPages);
    await page.getByLabel("Signature type").selectOption("image");
    await page.getByRole("button", { name: "Sign PDF" }).click();
    expect(await toastText(page)).toBe("Missing image Please upload a signature image");
    await page.getByLabel("Signature image").setInputFiles(disc);
    await openTab(page, "Placement");
    await expect.poll(() => page.getByTestId("signature-box").locator("img").count()).toBe(1);

    const signed = await signAndDownload(page);
    await qpdfCheck(signed);
    // Default placement: x 50 %, y 80 % of the last page, 200 x 80 points; the disc sits in the middle of its upper part.
    const render = await renderGray(signed, 2, 72);
    const [left, top] = [0.5 * 595, 0.8 * 842];
    expect(darkIn(render, left + 70, top + 8, left + 130, top + 40)).toBeGreaterThan(400);
    expect(darkIn(render, left - 12, top - 12, left + 212, top + 92) - darkIn(render, left - 2, top - 2, left + 202, top + 82)).toBe(0);
    expect(errors).toEqual([]);
  });

  it("signs with a .p12 certificate that pdfsig finds valid, and shows the time stamp as unavailable", async () => {
    const dir = await tempDir();
    const [key, cert, p12] = ["key.pem", "cert.pem", "me.p12"].map((f) => path.join(dir, f));
    await exec("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-keyout", key!, "-out", cert!, "-days", "2", "-nodes", "-subj", "/CN=Erin Example"]);
    await exec("openssl", ["pkcs12", "-export", "-inkey", key!, "-in", cert!, "-out", p12!, "-passout", "pass:open sesame"]);

    const { page, errors } = await web.reopen();
    await page.goto("/pdf-sign");
    await chooseFile(page, twoPages);
    await page.getByLabel("Signature type").selectOption("certificate");
    await page.getByRole("button", { name: "Sign PDF" }).click();
    expect(await toastText(page)).toBe("Missing certificate Please upload a digital certificate file");
    await page.getByLabel("Certificate file").setInputFiles(p12!);
    await page.getByLabel("Certificate password").fill("open sesame");

    await openTab(page, "Appearance");
    expect(await page.getByRole("switch", { name: "Time stamp" }).isDisabled()).toBe(true);
    expect(await page.getByText("No time-stamp authority is configured on this server.").count()).toBe(1);
    await page.getByRole("button", { name: "Blue" }).click();
    await page.screenshot({ path: "/tmp/sign-e2e-certificate.png", fullPage: true });

    const signed = await signAndDownload(page);
    await qpdfCheck(signed);
    const report = await exec("pdfsig", [signed]).then(
      (r) => r.stdout,
      (e: { stdout: string }) => e.stdout,
    );
    expect(report).toContain("Signer Certificate Common Name: Erin Example");
    expect(report).toContain("Signature Validation: Signature is Valid.");
    // Visible by default, on the last page, with the certificate's name after the label.
    expect((await pageTexts(signed))[1]).toContain("Signed by Erin Example");
    await fs.rm(dir, { recursive: true, force: true });
    expect(errors).toEqual([]);
  });
});
