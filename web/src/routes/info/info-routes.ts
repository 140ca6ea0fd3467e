import { lazy, type ComponentType } from "react";

/** The information pages, each loaded when first visited. */
export const INFO_PAGES: ReadonlyArray<{ path: string; Page: ComponentType }> = [
  { path: "/about-us", Page: lazy(() => import("./AboutPage.js")) },
  { path: "/privacy-policy", Page: lazy(() => import("./PrivacyPage.js")) },
  { path: "/terms-of-service", Page: lazy(() => import("./TermsPage.js")) },
  { path: "/features", Page: lazy(() => import("./FeaturesPage.js")) },
  { path: "/faq", Page: lazy(() => import("./FaqPage.js")) },
  { path: "/testimonials", Page: lazy(() => import("./TestimonialsPage.js")) },
  { path: "/security", Page: lazy(() => import("./SecurityPage.js")) },
  { path: "/contact", Page: lazy(() => import("./ContactPage.js")) },
];
