import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeNumberedPdf, writeTemp } from "../helpers/pdf-tools.js";
import { startWebHarness, toastText, type WebHarness } from "./harness.js";

const exec = promisify(execFile);

let web: WebHarness;
beforeAll(async () => {
  web = await startWebHarness();
});
afterAll(async () => web?.close());

describe("the workflow builder", () => {
  it("builds rotate then protect, runs it on a file as one job, keeps it across a reload, and saves the API's JSON", async () => {
    const { page, errors } = await web.reopen();
    const input = await writeTemp("two.pdf", await makeNumberedPdf(2));
    await page.goto("/workflows");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe("Workflows");
    await page.getByLabel("Tool", { exact: true }).selectOption("rotate-pdf");
    await page.getByRole("button", { name: "Add step" }).click();
    await page.getByLabel("Rotate by").selectOption("180");
    await page.getByLabel("Tool", { exact: true }).selectOption("protect-pdf");
    await page.getByRole("button", { name: "Add step" }).click();
    await page.getByLabel("Password to open the document").fill("flow-secret-42");
    await expect.poll(() => page.getByRole("heading", { level: 3 }).allInnerTexts()).toEqual(["Step 1: Rotate PDF", "Step 2: Protect PDF"]);

    // Kept in the browser.
    await page.reload();
    await expect.poll(() => page.getByRole("heading", { level: 3 }).allInnerTexts()).toEqual(["Step 1: Rotate PDF", "Step 2: Protect PDF"]);

    // The saved file is the API's steps field.
    const saved = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download workflow" }).click();
    const steps = JSON.parse(await fs.readFile(await (await saved).path(), "utf8")) as Array<{ tool: string; options: Record<string, unknown> }>;
    expect(steps.map((s) => s.tool)).toEqual(["rotate-pdf", "protect-pdf"]);
    expect(steps[0]!.options.angle).toBe(180);
    expect(steps[1]!.options.userPassword).toBe("flow-secret-42");

    await page.getByLabel("Choose files").setInputFiles(input);
    await expect.poll(() => page.getByTestId("file-list").innerText()).toContain("two.pdf");
    await page.getByRole("button", { name: "Run Workflow" }).click();
    await expect.poll(() => page.getByTestId("result").isVisible(), { timeout: 30_000 }).toBe(true);
    expect(await page.getByTestId("result").innerText()).toContain("Step 2 (Protect PDF)");
    const result = page.waitForEvent("download");
    await page.getByTestId("result").getByRole("link").click();
    const out = await (await result).path();
    const { stdout } = await exec("pdfinfo", ["-upw", "flow-secret-42", "-f", "1", "-l", "2", out]);
    expect(stdout).toMatch(/^Encrypted:\s+yes/m);
    expect([...stdout.matchAll(/^Page\s+\d+ rot:\s+(\d+)/gm)].map((m) => Number(m[1]))).toEqual([180, 180]);
    expect(errors).toEqual([]);
  });

  it("says so when a loaded file is not a workflow", async () => {
    const { page } = await web.reopen();
    await page.goto("/workflows");
    const bad = await writeTemp("bad.json", JSON.stringify([{ tool: "shred-pdf" }]));
    await page.getByLabel("Workflow file").setInputFiles(bad);
    expect(await toastText(page)).toContain('Step 1 names "shred-pdf", which this page cannot run.');
  });
});
