/**
 * Screens whose words are not in the catalogues yet, exempt from the rule against literal strings in JSX
 * (eslint.config.js) until they are moved; the list only shrinks. Not caught by the rule and also still English:
 * the labels the delete-pages, page-number and metadata panels pass to their bindings (bind.text("pages", "…")),
 * and the `intro` of the Features and Testimonials pages.
 */
export const UNTRANSLATED_FILES = [
  "web/src/routes/info/AboutPage.tsx",
  "web/src/routes/info/ContactPage.tsx",
  "web/src/routes/info/FaqPage.tsx",
  "web/src/routes/info/PrivacyPage.tsx",
  "web/src/routes/info/SecurityPage.tsx",
  "web/src/routes/info/TermsPage.tsx",
];
