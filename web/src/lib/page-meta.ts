import { useEffect } from "react";

export interface PageMeta {
  title: string;
  description: string;
  /** The page's path, for the canonical link and the breadcrumbs. */
  path: string;
  robots?: "index, follow" | "noindex, follow";
}

const SITE = "PDF Toolbox";

function setMeta(selector: string, attribute: "name" | "property", key: string, content: string): void {
  let element = document.head.querySelector<HTMLMetaElement>(selector);
  if (!element) {
    element = document.createElement("meta");
    element.setAttribute(attribute, key);
    document.head.appendChild(element);
  }
  element.content = content;
}

function setCanonical(url: string): void {
  let link = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!link) {
    link = document.createElement("link");
    link.rel = "canonical";
    document.head.appendChild(link);
  }
  link.href = url;
}

/** Breadcrumbs as structured data: Home, then the page. */
function setBreadcrumbs(meta: PageMeta, origin: string): void {
  const id = "breadcrumbs-ld";
  document.getElementById(id)?.remove();
  if (meta.path === "/") return;
  const script = document.createElement("script");
  script.type = "application/ld+json";
  script.id = id;
  script.textContent = JSON.stringify({
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: [
      { "@type": "ListItem", position: 1, name: "Home", item: `${origin}/` },
      { "@type": "ListItem", position: 2, name: meta.title, item: `${origin}${meta.path}` },
    ],
  });
  document.head.appendChild(script);
}

/** Title, description, canonical link, social tags, robots and breadcrumbs of the page on screen. */
export function usePageMeta({ title, description, path, robots }: PageMeta): void {
  useEffect(() => {
    const meta = { title, description, path, robots };
    const origin = window.location.origin;
    const fullTitle = meta.path === "/" ? `${SITE}: free online PDF tools` : `${meta.title} | ${SITE}`;
    const url = `${origin}${meta.path}`;
    document.title = fullTitle;
    setMeta('meta[name="description"]', "name", "description", meta.description);
    setMeta('meta[name="robots"]', "name", "robots", meta.robots ?? "index, follow");
    setMeta('meta[property="og:title"]', "property", "og:title", fullTitle);
    setMeta('meta[property="og:description"]', "property", "og:description", meta.description);
    setMeta('meta[property="og:url"]', "property", "og:url", url);
    setMeta('meta[name="twitter:title"]', "name", "twitter:title", fullTitle);
    setMeta('meta[name="twitter:description"]', "name", "twitter:description", meta.description);
    setCanonical(url);
    setBreadcrumbs(meta, origin);
  }, [title, description, path, robots]);
}

/** Organization, website and free software application as structured data, once for the whole site. */
export function useSiteStructuredData(): void {
  useEffect(() => {
    const origin = window.location.origin;
    const script = document.createElement("script");
    script.type = "application/ld+json";
    script.textContent = JSON.stringify([
      { "@context": "https://schema.org", "@type": "Organization", name: SITE, url: `${origin}/`, logo: `${origin}/favicon.svg` },
      { "@context": "https://schema.org", "@type": "WebSite", name: SITE, url: `${origin}/` },
      {
        "@context": "https://schema.org",
        "@type": "SoftwareApplication",
        name: SITE,
        applicationCategory: "BusinessApplication",
        operatingSystem: "Any (web browser)",
        url: `${origin}/`,
        offers: { "@type": "Offer", price: "0", priceCurrency: "USD" },
      },
    ]);
    document.head.appendChild(script);
    return () => script.remove();
  }, []);
}
