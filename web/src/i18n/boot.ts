import type { Resource } from "i18next";
import { splitLocalePath, textDirection, type Locale } from "../../../catalog/locales.js";
import { i18n, languageTag, startI18n } from "./i18n.js";

/** The id of the JSON block in which a prerendered page carries its catalogues (web/prerender.ts writes it). */
export const EMBEDDED_RESOURCES_ID = "i18n-resources";

/** The catalogues embedded in the page, if it was rendered at build time. */
function readEmbeddedResources(): Resource {
  const text = document.getElementById(EMBEDDED_RESOURCES_ID)?.textContent;
  if (!text) return {};
  try {
    return JSON.parse(text) as Resource;
  } catch {
    return {};
  }
}

/** The address prefix of a locale for the router ("" for English, "/de" for German). */
export function routerBase(locale: Locale): string {
  return locale === "en" ? "" : `/${locale}`;
}

/**
 * Starts i18next in the language of the address, with the page's embedded catalogues, and begins fetching the
 * namespaces every page shows (the header, footer and tool names), in parallel with the app's own code.
 */
export function bootI18n(): Locale {
  const { locale } = splitLocalePath(window.location.pathname);
  startI18n(locale, readEmbeddedResources());
  document.documentElement.lang = languageTag(locale);
  document.documentElement.dir = textDirection(locale);
  void i18n.loadNamespaces(["common", "tools"]);
  return locale;
}
