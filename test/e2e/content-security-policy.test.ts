import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { corpus } from "../helpers/corpus.js";
import { startWebHarness, type WebHarness } from "./harness.js";

let web: WebHarness;
beforeAll(async () => {
  web = await startWebHarness();
});
afterAll(async () => web?.close());

/** Every Content-Security-Policy violation the page reports, from its console and its violation events. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.exposeFunction("reportCspViolation", (text: string) => violations.push(text));
  // Expression as text: it runs in the browser, and this file is type-checked without the DOM's types.
  await page.addInitScript(
    'document.addEventListener("securitypolicyviolation", (e) => window.reportCspViolation(e.violatedDirective + " " + e.blockedURI + " in " + e.sourceFile));',
  );
  return violations;
}

describe("the web app under its Content-Security-Policy", () => {
  it("runs the home page, its theme script and a tool page without a violation", async () => {
    const { page, errors } = await web.open({ colorScheme: "dark" });
    const violations = await watchViolations(page);
    await page.goto("/");
    // The inline theme script ran: it is admitted by its hash.
    await expect.poll(() => page.evaluate<boolean>('document.documentElement.classList.contains("dark")')).toBe(true);
    await page.getByRole("link", { name: /Merge PDF/ }).first().click();
    await page.waitForURL("**/merge-pdf");
    // The tool screen loads lazily; until then the home page's own file input is still there.
    await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe("Merge PDF");
    await page.getByLabel("Choose files").setInputFiles([corpus("minimal-document.pdf"), corpus("pdflatex-4-pages.pdf")]);
    await expect.poll(() => page.getByText("pdflatex-4-pages.pdf").isVisible()).toBe(true);
    // The dedicated screens: signature fonts and canvases, annotation and conversion settings, the info pages.
    for (const route of ["/pdf-sign", "/annotate-pdf", "/convert-pdf", "/pdf-to-word", "/repair-pdf", "/ocr-pdf", "/compare-pdf", "/faq"]) {
      await page.goto(route);
      await page.waitForLoadState("networkidle");
    }
    expect(violations).toEqual([]);
    expect(errors).toEqual([]);
  });

  it("draws page thumbnails with pdf.js and its worker without a violation", async () => {
    const { page, errors } = await web.open();
    const violations = await watchViolations(page);
    await page.goto("/organize-pdf");
    await page.getByLabel("Choose files").setInputFiles(corpus("pdflatex-4-pages.pdf"));
    await expect.poll(() => page.getByTestId("page-thumbnail").count(), { timeout: 30_000 }).toBe(4);
    await page.screenshot({ path: "/tmp/csp-organize.png" });
    expect(violations).toEqual([]);
    expect(errors).toEqual([]);
  });

  it("runs a tool on the device (worker, WebAssembly, service worker) without a violation, eval still forbidden", async () => {
    const { page, errors } = await web.open();
    const violations = await watchViolations(page);
    // A worker's policy is its own script's response headers: they admit WebAssembly, not eval.
    const workerPolicies: string[] = [];
    page.on("response", (response) => {
      if (/device\.worker-[^/]*\.js$/.test(response.url())) workerPolicies.push(response.headers()["content-security-policy"] ?? "");
    });
    await page.goto("/rotate-pdf");
    await page.getByLabel("Choose files").setInputFiles(corpus("pdflatex-4-pages.pdf"));
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Process File" }).click();
    await download;
    // The offline cache is filled after the run (the service worker registered, both engines compiled).
    await expect.poll(() => page.evaluate<boolean>("navigator.serviceWorker.controller !== null"), { timeout: 30_000 }).toBe(true);
    expect(violations).toEqual([]);
    expect(errors).toEqual([]);
    expect(workerPolicies.length).toBeGreaterThan(0);
    for (const policy of workerPolicies) {
      expect(policy).toContain("script-src 'self' 'wasm-unsafe-eval'");
      expect(policy).not.toContain("'unsafe-eval'");
    }
  });
});
