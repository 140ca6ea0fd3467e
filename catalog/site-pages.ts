/**
 * The addresses the web app has a page for besides the tools' own, known to the server too: it answers every other
 * address with the not-found page and a 404 status (and noindex), so that a mistyped address is neither indexed nor
 * mistaken for a page, while the address stays in the bar. Nothing here imports the tool catalogue, so that the
 * home page's code can use it without carrying the tools' schemas.
 */

/** The information pages. */
export const INFO_PAGE_PATHS = [
  "/about-us",
  "/privacy-policy",
  "/terms-of-service",
  "/features",
  "/faq",
  "/testimonials",
  "/security",
  "/contact",
] as const;

export type InfoPagePath = (typeof INFO_PAGE_PATHS)[number];

/** Pages of the app's own that are neither information pages nor tools. */
export const APP_PAGE_PATHS = ["/workflows"] as const;

/** Addresses that open a tool under another name: the navigation's Electronic Signature opens the Sign screen. */
export const TOOL_ALIASES: Readonly<Record<string, string>> = { "/e-sign": "pdf-sign" };
