import fs from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { corpus } from "../helpers/corpus.js";
import { startWebHarness, type WebHarness } from "./harness.js";

let web: WebHarness;
beforeAll(async () => {
  web = await startWebHarness();
});
afterAll(async () => web?.close());

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** axe-core's serious and critical violations on the page as shown, by rule id and the first offending element. */
async function seriousViolations(page: Page): Promise<string[]> {
  // Evaluated through the debugging protocol: the site's Content-Security-Policy blocks injected script tags.
  await page.evaluate(axeSource);
  const results = await page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run(): Promise<{ violations: Array<{ id: string; impact: string; nodes: Array<{ target: string[] }> }> }> } }).axe;
    return (await axe.run()).violations;
  });
  return results.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.nodes[0]?.target.join(" ")}`);
}

// Expressions as text: they run in the browser, and this file is type-checked without the DOM's types.
const isDark = (page: Page) => page.evaluate<boolean>('document.documentElement.classList.contains("dark")');

describe("site shell in the browser", () => {
  it("keeps the theme chosen across reloads, and follows the OS on system", async () => {
    const { page } = await web.open({ colorScheme: "dark" });
    await page.goto("/");
    // The default is "system", and this browser's OS preference is dark.
    expect(await isDark(page)).toBe(true);
    await page.getByTestId("theme-toggle").click();
    await page.getByRole("menuitemradio", { name: "Light" }).click();
    expect(await isDark(page)).toBe(false);
    await page.reload();
    expect(await isDark(page)).toBe(false);
    expect(await page.evaluate<string | null>('localStorage.getItem("pdf-toolbox-ui-theme")')).toBe("light");
  });

  it("opens the dropdowns by keyboard and closes them with Escape", async () => {
    const { page } = await web.reopen();
    await page.goto("/");
    const trigger = page.getByRole("button", { name: "Convert", exact: true });
    await trigger.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => page.getByRole("menuitem", { name: "PDF to Excel" }).isVisible()).toBe(true);
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByRole("menu").count()).toBe(0);
    // Focus goes back to the trigger a moment after the menu leaves; a menu opened before that would lose it.
    await expect.poll(() => page.evaluate<string | undefined>("document.activeElement?.textContent ?? undefined")).toBe("Convert");
    await page.getByRole("button", { name: "Edit", exact: true }).focus();
    await page.keyboard.press("ArrowDown");
    await page.getByRole("menuitem", { name: "Rotate PDF" }).click();
    await page.waitForURL("**/rotate-pdf");
  });

  it("works at 360 px with the slide-in menu, which closes on a choice", async () => {
    const { page, errors } = await web.open({ width: 360 });
    await page.goto("/");
    expect(await page.evaluate<number>("document.documentElement.scrollWidth")).toBeLessThanOrEqual(360);
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    await expect.poll(() => menu.isVisible()).toBe(true);
    await menu.getByRole("link", { name: "FAQ" }).click();
    await page.waitForURL("**/faq");
    await expect.poll(() => menu.count()).toBe(0);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe("Frequently Asked Questions");
    expect(errors).toEqual([]);
  });

  it("shows the not-found page at unknown addresses, keeping them in the bar; /e-sign opens the Sign screen", async () => {
    const { page } = await web.reopen();
    for (const address of ["/no/such/page", "/merge-pdff"]) {
      const response = await page.goto(address);
      expect(response?.status()).toBe(404);
      await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe("404 Page Not Found");
      expect(new URL(page.url()).pathname).toBe(address);
      expect(await page.locator('meta[name="robots"]').getAttribute("content")).toContain("noindex");
    }
    await page.goto("/e-sign");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe("Sign PDF");
    expect(new URL(page.url()).pathname).toBe("/e-sign");
    await page.goto("/tool/split-pdf");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe("Split PDF");
  });

  it("has no serious accessibility violations on the home page, in both themes", async () => {
    for (const colorScheme of ["light", "dark"] as const) {
      const { page } = await web.open({ colorScheme });
      await page.goto("/");
      await page.waitForTimeout(2600); // let the counters finish
      expect(await seriousViolations(page)).toEqual([]);
    }
  });

  it("has no serious accessibility violations on a tool page with its settings", async () => {
    const { page } = await web.reopen();
    await page.goto("/protect-pdf");
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel("Choose files").setInputFiles(corpus("minimal-document.pdf"));
    await page.getByRole("tab", { name: "Advanced Options" }).click();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
