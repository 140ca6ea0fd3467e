import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterEach, beforeAll } from "vitest";
import { namespaces, readCatalogue } from "./i18n-catalogues.js";
import { startI18n } from "./src/i18n/i18n.js";

afterEach(() => cleanup());

// Screens that show a PDF's pages open it with pdf.js, which in Node warns that it wants its legacy build and then
// fails for want of DOMMatrix (the screen then says the file cannot be previewed; browsers preview it in the e2e
// tests). Were it first loaded by a test, the warning could come after the file's last test, when vitest no longer
// takes the file's output and fails the run. So it is loaded before any test, and that one known warning is left out.
beforeAll(async () => {
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (!String(args[0]).includes("legacy` build")) warn(...args);
  };
  await import("pdfjs-dist").catch(() => undefined);
  console.warn = warn;
});

// jsdom has no matchMedia; the theme and motion checks ask it. Tests that need a dark OS replace it. (Tests of
// plain logic run without a page at all: see their first line.)
if (typeof window !== "undefined" && !window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// Screens render in English with every catalogue already loaded, as a prerendered page has them.
startI18n("en", { en: Object.fromEntries(namespaces().map((ns) => [ns, readCatalogue("en", ns)])) });
