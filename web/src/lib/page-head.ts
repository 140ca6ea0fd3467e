import { DEFAULT_LOCALE, LANGUAGE_TAGS, LOCALES, localizedPath, type Locale } from "../../../catalog/locales.js";

/**
 * What a page's <head> says about it, in its language: title, description, robots, social tags, the canonical
 * address, the same page in every other language (hreflang, with x-default for English) and breadcrumbs as
 * structured data. One description of the tags serves the prerender (web/prerender.ts writes them as HTML) and the
 * app (lib/page-meta.ts sets them as the visitor moves between pages), so the two cannot say different things.
 */
export interface PageMeta {
  title: string;
  description: string;
  /** The page's English path ("/merge-pdf"), for the canonical link, the alternates and the breadcrumbs. */
  path: string;
  robots?: "index, follow" | "noindex, follow";
}

export interface HeadTags {
  title: string;
  meta: ReadonlyArray<{ attribute: "name" | "property"; key: string; content: string }>;
  links: ReadonlyArray<{ rel: "canonical" | "alternate"; hreflang?: string; href: string }>;
  /** The breadcrumbs (none on the home page). */
  breadcrumbs?: object;
}

/** Open Graph wants a territory: the usual one for each language. */
const OG_LOCALES: Readonly<Record<Locale, string>> = {
  en: "en_US",
  es: "es_ES",
  fr: "fr_FR",
  de: "de_DE",
  it: "it_IT",
  pt: "pt_PT",
  ja: "ja_JP",
  zh: "zh_CN",
};

/**
 * The tags of `meta` in `locale`. `origin` is the site's address ("https://pdf.example"), or "" at build time,
 * when it is not known yet: the addresses are then root-relative, and the app makes them absolute once it runs.
 * `fullTitle` is the title as the tab shows it (the site's name added); `homeName` names the breadcrumbs' first step.
 */
export function headTags(meta: PageMeta, locale: Locale, origin: string, fullTitle: string, homeName: string): HeadTags {
  const url = (l: Locale, path: string) => origin + localizedPath(l, path);
  const here = url(locale, meta.path);
  const indexed = (meta.robots ?? "index, follow") === "index, follow";
  return {
    title: fullTitle,
    meta: [
      { attribute: "name", key: "description", content: meta.description },
      { attribute: "name", key: "robots", content: meta.robots ?? "index, follow" },
      { attribute: "property", key: "og:title", content: fullTitle },
      { attribute: "property", key: "og:description", content: meta.description },
      { attribute: "property", key: "og:url", content: here },
      { attribute: "property", key: "og:locale", content: OG_LOCALES[locale] },
      { attribute: "name", key: "twitter:title", content: fullTitle },
      { attribute: "name", key: "twitter:description", content: meta.description },
    ],
    links: [
      { rel: "canonical", href: here },
      // A page that is not to be indexed has no language versions to announce.
      ...(indexed
        ? [
            ...LOCALES.map((l) => ({ rel: "alternate" as const, hreflang: LANGUAGE_TAGS[l], href: url(l, meta.path) })),
            { rel: "alternate" as const, hreflang: "x-default", href: url(DEFAULT_LOCALE, meta.path) },
          ]
        : []),
    ],
    breadcrumbs:
      meta.path === "/"
        ? undefined
        : {
            "@context": "https://schema.org",
            "@type": "BreadcrumbList",
            itemListElement: [
              { "@type": "ListItem", position: 1, name: homeName, item: url(locale, "/") },
              { "@type": "ListItem", position: 2, name: meta.title, item: here },
            ],
          },
  };
}

/** Organization, website and free software application as structured data, for the whole site. */
export function siteStructuredData(origin: string, siteName: string, locale: Locale): object[] {
  const home = origin + localizedPath(locale, "/");
  return [
    { "@context": "https://schema.org", "@type": "Organization", name: siteName, url: home, logo: `${origin}/favicon.svg` },
    { "@context": "https://schema.org", "@type": "WebSite", name: siteName, url: home, inLanguage: LANGUAGE_TAGS[locale] },
    {
      "@context": "https://schema.org",
      "@type": "SoftwareApplication",
      name: siteName,
      applicationCategory: "BusinessApplication",
      operatingSystem: "Any (web browser)",
      url: home,
      inLanguage: LANGUAGE_TAGS[locale],
      offers: { "@type": "Offer", price: "0", priceCurrency: "USD" },
    },
  ];
}
