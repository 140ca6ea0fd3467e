import { lazy, type ComponentType } from "react";
import { INFO_PAGE_PATHS, type InfoPagePath } from "../../../../catalog/site-pages.js";

/** Each information page's screen, loaded when first visited; the addresses are the catalogue's, which the server knows. */
const SCREENS: Record<InfoPagePath, ComponentType> = {
  "/about-us": lazy(() => import("./AboutPage.js")),
  "/privacy-policy": lazy(() => import("./PrivacyPage.js")),
  "/terms-of-service": lazy(() => import("./TermsPage.js")),
  "/features": lazy(() => import("./FeaturesPage.js")),
  "/faq": lazy(() => import("./FaqPage.js")),
  "/testimonials": lazy(() => import("./TestimonialsPage.js")),
  "/security": lazy(() => import("./SecurityPage.js")),
  "/contact": lazy(() => import("./ContactPage.js")),
};

export const INFO_PAGES: ReadonlyArray<{ path: string; Page: ComponentType }> = INFO_PAGE_PATHS.map((path) => ({ path, Page: SCREENS[path] }));
