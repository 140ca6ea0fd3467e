import type { ToolId } from "../../../../catalog/tools.js";
import { findToolSummary } from "../../lib/tool-summaries.js";

/** `label` and `title` are message keys ("nav.merge", "tools:merge-pdf.name"); the menus translate them. */
export interface NavLink {
  label: string;
  href: string;
}
export interface NavGroup {
  title: string;
  links: readonly NavLink[];
}

/** A link to a tool's screen, named as the catalogue names it unless the menu shortens it. */
function toolLink(id: ToolId, label?: string): NavLink {
  const tool = findToolSummary(id);
  if (!tool) throw new Error(`The menus name "${id}", which is not in the catalogue.`);
  return { label: label ?? `tools:${id}.name`, href: `/${id}` };
}

function toolLinks(ids: readonly ToolId[]): NavLink[] {
  return ids.map((id) => toolLink(id));
}

/** The spec links Electronic Signature to /e-sign, which opens the Sign screen (catalog/site-pages.ts). */
const electronicSignature: NavLink = { label: "nav.electronicSignature", href: "/e-sign" };

export const PRIMARY_LINKS: readonly NavLink[] = [
  toolLink("merge-pdf", "nav.merge"),
  toolLink("split-pdf", "nav.split"),
  toolLink("compress-pdf", "nav.compress"),
];

const convertLinks = toolLinks(["pdf-to-word", "pdf-to-jpg", "pdf-to-excel", "pdf-to-ppt", "word-to-pdf", "jpg-to-pdf"]);
const editLinks = toolLinks(["delete-pages", "rotate-pdf", "add-watermark"]);
const securityLinks = [toolLink("protect-pdf"), toolLink("unlock-pdf"), electronicSignature];
const advancedLinks = toolLinks(["ocr-pdf", "repair-pdf", "annotate-pdf", "organize-pdf", "add-page-numbers", "convert-pdf"]);
const moreLinks = toolLinks(["crop-pdf", "flatten-pdf", "edit-metadata", "remove-blank-pages", "n-up-pdf", "extract-images", "sanitize-pdf", "redact-pdf", "compare-pdf"]);
const popularLinks = toolLinks(["merge-pdf", "split-pdf", "compress-pdf", "pdf-to-word"]);

export const VIEW_ALL_TOOLS: NavLink = { label: "nav.viewAllTools", href: "/#tools" };

export const ALL_TOOLS_GROUPS: readonly NavGroup[] = [
  { title: "nav.popularTools", links: popularLinks },
  { title: "nav.convertPdf", links: convertLinks },
  { title: "nav.editPdf", links: [...editLinks, toolLink("add-page-numbers"), toolLink("organize-pdf")] },
  { title: "nav.security", links: securityLinks },
  { title: "nav.advancedTools", links: advancedLinks },
  { title: "nav.moreTools", links: moreLinks },
];

/** The header's dropdowns after All Tools. */
export const MENU_DROPDOWNS: readonly NavGroup[] = [
  { title: "nav.convert", links: convertLinks },
  { title: "nav.edit", links: editLinks },
  { title: "nav.security", links: securityLinks },
];

export const MOBILE_SECTIONS: readonly NavGroup[] = [
  { title: "nav.otherPopularTools", links: popularLinks },
  { title: "nav.convertPdf", links: convertLinks },
  { title: "nav.editPdf", links: editLinks },
  { title: "nav.security", links: securityLinks },
  { title: "nav.advancedTools", links: advancedLinks },
  { title: "nav.moreTools", links: moreLinks },
  {
    title: "nav.about",
    links: [
      { label: "nav.aboutUs", href: "/about-us" },
      { label: "nav.faq", href: "/faq" },
      { label: "nav.contact", href: "/contact" },
    ],
  },
];

export const FOOTER_GROUPS: readonly NavGroup[] = [
  {
    title: "nav.about",
    links: [
      { label: "nav.aboutUs", href: "/about-us" },
      { label: "nav.features", href: "/features" },
      { label: "nav.security", href: "/security" },
      { label: "nav.contact", href: "/contact" },
      { label: "nav.testimonials", href: "/testimonials" },
    ],
  },
  {
    title: "nav.legal",
    links: [
      { label: "nav.faq", href: "/faq" },
      { label: "nav.privacyPolicy", href: "/privacy-policy" },
      { label: "nav.termsOfService", href: "/terms-of-service" },
    ],
  },
];

/** Learn More: the server's own documentation pages, served outside the app. */
export const LEARN_MORE_LINKS: readonly NavLink[] = [
  { label: "nav.apiDocumentation", href: "/api/docs" },
  { label: "nav.openApiDocument", href: "/api/openapi.json" },
  { label: "nav.serviceHealth", href: "/api/health" },
];

