import { useEffect } from "react";
import { useLocale, useT } from "../i18n/use-t.js";
import { headTags, siteStructuredData, type PageMeta } from "./page-head.js";

export type { PageMeta };

/** The title as the tab shows it: the home page's own, or the page's title with the site's name. */
export function useFullTitle(): (meta: PageMeta) => string {
  const t = useT();
  return (meta) => (meta.path === "/" ? t("meta.homeTitle") : t("meta.pageTitle", { title: meta.title }));
}

function setMeta(attribute: "name" | "property", key: string, content: string): void {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!element) {
    element = document.createElement("meta");
    element.setAttribute(attribute, key);
    document.head.appendChild(element);
  }
  element.content = content;
}

function setJsonLd(id: string, data: object | undefined): void {
  document.getElementById(id)?.remove();
  if (!data) return;
  const script = document.createElement("script");
  script.type = "application/ld+json";
  script.id = id;
  script.textContent = JSON.stringify(data);
  document.head.appendChild(script);
}

/**
 * Title, description, canonical link, language alternates, social tags, robots and breadcrumbs of the page on
 * screen, in its language (the same tags the prerender writes; see lib/page-head.ts).
 */
export function usePageMeta({ title, description, path, robots }: PageMeta): void {
  const locale = useLocale();
  const t = useT();
  const fullTitle = useFullTitle()({ title, description, path, robots });
  const homeName = t("meta.home");
  useEffect(() => {
    const tags = headTags({ title, description, path, robots }, locale, window.location.origin, fullTitle, homeName);
    document.title = tags.title;
    for (const { attribute, key, content } of tags.meta) setMeta(attribute, key, content);
    document.head.querySelectorAll('link[rel="canonical"], link[rel="alternate"][hreflang]').forEach((link) => link.remove());
    for (const { rel, hreflang, href } of tags.links) {
      const link = document.createElement("link");
      link.rel = rel;
      if (hreflang) link.hreflang = hreflang;
      link.href = href;
      document.head.appendChild(link);
    }
    setJsonLd("breadcrumbs-ld", tags.breadcrumbs);
  }, [title, description, path, robots, locale, fullTitle, homeName]);
}

/** Organization, website and free software application as structured data, once for the whole site. */
export function useSiteStructuredData(): void {
  const locale = useLocale();
  const t = useT();
  const siteName = t("siteName");
  useEffect(() => {
    setJsonLd("site-ld", siteStructuredData(window.location.origin, siteName, locale));
  }, [locale, siteName]);
}

/** A tool screen's head: the tool's name and description in the page's language. */
export function useToolPageMeta(tool: { id: string }): void {
  const t = useT("tools");
  usePageMeta({ title: t(`${tool.id}.name`), description: t(`${tool.id}.description`), path: `/${tool.id}` });
}
