import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";
import { namespaces, readCatalogue } from "./i18n-catalogues.js";
import { startI18n } from "./src/i18n/i18n.js";

afterEach(() => cleanup());

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
