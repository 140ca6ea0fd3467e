import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import type { Config } from "../../server/config.js";
import { startServer, type TestServer } from "../helpers/server.js";

const WEB_INDEX = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../dist/web/index.html");

/** Debian's chromium, as CI installs it (scripts/setup.sh test); never a downloaded browser. */
export const CHROMIUM = "/usr/bin/chromium";
export const CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"];

export interface WebHarness {
  server: TestServer;
  browser: Browser;
  /** A fresh browser context (own storage) with one page, and the page's errors collected. */
  open(options?: { width?: number; colorScheme?: "light" | "dark" }): Promise<{ context: BrowserContext; page: Page; errors: string[] }>;
  /**
   * The one page (and context) the harness's `reopen` calls share, on a blank page again, its routes and listeners
   * removed, the site's storage emptied (local and session storage, IndexedDB, Cache Storage, the service worker,
   * cookies) and a new errors list: what a test finds is what a fresh context would give it, but the renderer and the
   * browser's HTTP and compiled-code caches stay warm where a fresh context starts and fetches and compiles the app's
   * scripts and WebAssembly again (a second or two a test). Init scripts cannot be removed from a page, and the
   * viewport and colour scheme are the defaults: tests that need those open their own.
   */
  reopen(): Promise<{ context: BrowserContext; page: Page; errors: string[] }>;
  close(): Promise<void>;
}

/** A real server serving the built web app (with `overrides` to its configuration), and chromium to drive it. */
export async function startWebHarness(overrides: Partial<Config> = {}): Promise<WebHarness> {
  if (!fs.existsSync(WEB_INDEX)) throw new Error("The web app is not built: run `npm run build` (npm test does).");
  const server = await startServer(overrides);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const contexts: BrowserContext[] = [];
  let shared: { context: BrowserContext; page: Page; errors: string[] } | undefined;
  const newContext = async ({ width = 1280, colorScheme = "light" as "light" | "dark" } = {}) => {
    const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme, baseURL: server.url, acceptDownloads: true });
    contexts.push(context);
    return context;
  };
  const newPage = async (context: BrowserContext) => {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    return { context, page, errors };
  };
  return {
    server,
    browser,
    async open(options = {}) {
      return newPage(await newContext(options));
    },
    async reopen() {
      if (!shared) {
        const context = await newContext();
        shared = { context, page: await context.newPage(), errors: [] };
      } else {
        // What the test before set on the page goes: its routes, listeners, document and pointer.
        await shared.page.unrouteAll({ behavior: "ignoreErrors" });
        await shared.page.removeAllListeners();
        await shared.page.goto("about:blank");
        await shared.page.mouse.move(0, 0);
        await clearSiteData(shared.context, shared.page, server.url);
      }
      const errors: string[] = [];
      shared.page.on("pageerror", (error) => errors.push(error.message));
      shared.errors = errors;
      return shared;
    },
    async close() {
      for (const context of contexts) await context.close().catch(() => undefined);
      await browser.close();
      await server.close();
    },
  };
}

/** Everything the site at `origin` keeps in the browser, gone: what a fresh context starts without. */
async function clearSiteData(context: BrowserContext, page: Page, origin: string): Promise<void> {
  const cdp = await context.newCDPSession(page);
  try {
    await cdp.send("Storage.clearDataForOrigin", { origin, storageTypes: "all" });
  } finally {
    await cdp.detach();
  }
  await context.clearCookies();
}

/** The text of the toast on screen. */
export async function toastText(page: Page): Promise<string> {
  const toast = page.getByTestId("toast");
  await toast.waitFor();
  return (await toast.innerText()).replace(/\s+/g, " ").trim();
}
