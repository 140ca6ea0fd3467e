import fs from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeNumberedPdf, pageTexts, qpdfCheck, tempDir } from "../helpers/pdf-tools.js";
import { startWebHarness, toastText, type WebHarness } from "./harness.js";

let web: WebHarness;
beforeAll(async () => {
  web = await startWebHarness();
});
afterAll(async () => web?.close());

describe("repair screen", () => {
  it("repairs a damaged PDF, says what it did, and offers the download in its results card", async () => {
    const { page, errors } = await web.open();
    // A PDF whose cross-reference offset points nowhere.
    const good = Buffer.from(await makeNumberedPdf(2));
    const at = good.lastIndexOf("startxref");
    const damaged = `${await tempDir()}/damaged.pdf`;
    await fs.writeFile(damaged, Buffer.concat([good.subarray(0, at), Buffer.from("startxref\n999999\n%%EOF\n")]));

    await page.goto("/repair-pdf");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe("Repair PDF");
    expect(await page.getByRole("note").innerText()).toContain("Try Auto mode first");
    await page.getByLabel("Choose files").setInputFiles(damaged);
    await expect.poll(() => page.getByRole("heading", { name: "damaged.pdf" }).count()).toBe(1);
    expect(await page.getByText(/\d+\.\d\d MB/).count()).toBe(1);
    for (const tab of ["Basic", "Structure", "Advanced", "Output"]) expect(await page.getByRole("tab", { name: tab }).count()).toBe(1);

    await page.getByRole("tab", { name: "Output" }).click();
    await page.getByLabel("Sanitize").click();
    await page.getByRole("button", { name: "Repair PDF" }).click();
    await expect.poll(() => toastText(page), { timeout: 30_000 }).toContain("PDF Repaired Successfully");
    const results = page.getByTestId("repair-results");
    await expect.poll(() => results.count()).toBe(1);
    expect(await results.innerText()).toMatch(/Repair Results/);

    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download Repaired PDF" }).click();
    const file = await (await download).path();
    await qpdfCheck(file);
    expect((await pageTexts(file)).map((t) => t.trim())).toEqual(["Sample page 1 of 2", "Sample page 2 of 2"]);

    // Changing the file starts over.
    await page.getByRole("button", { name: "Change file" }).click();
    await expect.poll(() => results.count()).toBe(0);
    expect(await page.getByText("Drag & Drop your files here").count()).toBe(1);
    expect(errors).toEqual([]);
  });
});
