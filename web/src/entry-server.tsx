import type { Resource } from "i18next";
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { localizedPath, type Locale } from "../../catalog/locales.js";
import { App } from "./App.js";
import { i18n, startI18n } from "./i18n/i18n.js";

export { headTags, siteStructuredData } from "./lib/page-head.js";
export { pageNamespaces, pageTexts, sitePagePaths } from "./lib/site-pages.js";

/** Switches the app's i18next to `locale` with these catalogues, and gives its translation function. */
export function switchLocale(locale: Locale, resources: Resource) {
  startI18n(locale, resources);
  return i18n.getFixedT(locale);
}

/** A page as HTML in `locale` (its English `path`), so that it paints before its JavaScript has loaded. */
export function renderPage(locale: Locale, path: string): string {
  return renderToString(
    <StrictMode>
      <App locale={locale} ssrPath={localizedPath(locale, path)} />
    </StrictMode>,
  );
}
