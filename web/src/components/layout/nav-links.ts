import { findToolSummary } from "../../lib/tool-summaries.js";

export interface NavLink {
  label: string;
  href: string;
}
export interface NavGroup {
  title: string;
  links: readonly NavLink[];
}

/** A link to a tool's screen, named as the catalogue names it unless the menu shortens it. */
function toolLink(id: string, label?: string): NavLink {
  const tool = findToolSummary(id);
  if (!tool) throw new Error(`The menus name "${id}", which is not in the catalogue.`);
  return { label: label ?? tool.name, href: `/${id}` };
}

/** The spec links Electronic Signature to /e-sign, which opens the Sign screen (catalog/site-pages.ts). */
const electronicSignature: NavLink = { label: "Electronic Signature", href: "/e-sign" };

export const PRIMARY_LINKS: readonly NavLink[] = [
  toolLink("merge-pdf", "Merge"),
  toolLink("split-pdf", "Split"),
  toolLink("compress-pdf", "Compress"),
];

const convertLinks = ["pdf-to-word", "pdf-to-jpg", "pdf-to-excel", "pdf-to-ppt", "word-to-pdf", "jpg-to-pdf"].map((id) => toolLink(id));
const editLinks = ["delete-pages", "rotate-pdf", "add-watermark"].map((id) => toolLink(id));
const securityLinks = [toolLink("protect-pdf"), toolLink("unlock-pdf"), electronicSignature];
const advancedLinks = ["ocr-pdf", "repair-pdf", "annotate-pdf", "organize-pdf", "add-page-numbers", "convert-pdf"].map((id) =>
  toolLink(id),
);
const moreLinks = ["crop-pdf", "flatten-pdf", "edit-metadata", "remove-blank-pages", "n-up-pdf", "extract-images", "sanitize-pdf", "redact-pdf", "compare-pdf"].map((id) =>
  toolLink(id),
);
const popularLinks = ["merge-pdf", "split-pdf", "compress-pdf", "pdf-to-word"].map((id) => toolLink(id));

export const VIEW_ALL_TOOLS: NavLink = { label: "View All Tools", href: "/#tools" };

export const ALL_TOOLS_GROUPS: readonly NavGroup[] = [
  { title: "Popular Tools", links: popularLinks },
  { title: "Convert PDF", links: convertLinks },
  { title: "Edit PDF", links: [...editLinks, toolLink("add-page-numbers"), toolLink("organize-pdf")] },
  { title: "Security", links: securityLinks },
  { title: "Advanced Tools", links: advancedLinks },
  { title: "More Tools", links: moreLinks },
];

/** The header's dropdowns after All Tools. */
export const MENU_DROPDOWNS: readonly NavGroup[] = [
  { title: "Convert", links: convertLinks },
  { title: "Edit", links: editLinks },
  { title: "Security", links: securityLinks },
];

export const MOBILE_SECTIONS: readonly NavGroup[] = [
  { title: "Other Popular Tools", links: popularLinks },
  { title: "Convert PDF", links: convertLinks },
  { title: "Edit PDF", links: editLinks },
  { title: "Security", links: securityLinks },
  { title: "Advanced Tools", links: advancedLinks },
  { title: "More Tools", links: moreLinks },
  {
    title: "About",
    links: [
      { label: "About Us", href: "/about-us" },
      { label: "FAQ", href: "/faq" },
      { label: "Contact", href: "/contact" },
    ],
  },
];

export const FOOTER_GROUPS: readonly NavGroup[] = [
  {
    title: "About",
    links: [
      { label: "About Us", href: "/about-us" },
      { label: "Features", href: "/features" },
      { label: "Security", href: "/security" },
      { label: "Contact", href: "/contact" },
      { label: "Testimonials", href: "/testimonials" },
    ],
  },
  {
    title: "Legal",
    links: [
      { label: "FAQ", href: "/faq" },
      { label: "Privacy Policy", href: "/privacy-policy" },
      { label: "Terms of Service", href: "/terms-of-service" },
    ],
  },
];

/** Learn More: the server's own documentation pages, served outside the app. */
export const LEARN_MORE_LINKS: readonly NavLink[] = [
  { label: "API documentation", href: "/api/docs" },
  { label: "OpenAPI document", href: "/api/openapi.json" },
  { label: "Service health", href: "/api/health" },
];

export const LANGUAGES = ["English", "Spanish", "French", "German", "Italian", "Portuguese", "Japanese", "Chinese"] as const;
