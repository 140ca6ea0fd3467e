import i18next, { type BackendModule, type Resource } from "i18next";
import { initReactI18next } from "react-i18next";
import gaps from "virtual:i18n-gaps";
import { DEFAULT_LOCALE, LANGUAGE_TAGS, LOCALES, type Locale } from "../../../catalog/locales.js";

/**
 * i18next with react-i18next: the library most React apps use, with plural forms through Intl.PluralRules and
 * formatting through Intl built in, and a hook that suspends a screen until its catalogue has arrived, so each
 * page loads only the namespaces it shows, in its own language.
 *
 * Catalogues are JSON files per locale and namespace (web/src/locales/<locale>/<ns>.json); the catalogue's
 * texts are the namespace "tools" (English made from catalog/ at build time, the others in catalog/locales/).
 * Each is its own small file, fetched the first time a screen asks for it. A page rendered at build time carries
 * the catalogues it shows inside its HTML (see readEmbeddedResources), so it paints and hydrates without waiting.
 */
const webCatalogues = import.meta.glob<{ default: Resource }>("../locales/*/*.json");
const toolCatalogues = import.meta.glob<{ default: Resource }>("../../../catalog/locales/*.json");
/** The shared sentences of the tools (catalog/messages), for the results of tools run on the device. */
const messageCatalogues = import.meta.glob<{ default: Resource }>("../../../catalog/messages/*.json");

async function loadCatalogue(locale: string, namespace: string): Promise<Resource> {
  if (namespace === "tools") {
    if (locale === DEFAULT_LOCALE) return (await import("virtual:catalog-messages")).default as Resource;
    const load = toolCatalogues[`../../../catalog/locales/${locale}.json`];
    return load ? (await load()).default : {};
  }
  if (namespace === "messages") {
    const load = messageCatalogues[`../../../catalog/messages/${locale}.json`];
    return load ? (await load()).default : {};
  }
  const load = webCatalogues[`../locales/${locale}/${namespace}.json`];
  return load ? (await load()).default : {};
}

const backend: BackendModule = {
  type: "backend",
  init() {},
  read(locale, namespace, callback) {
    loadCatalogue(locale, namespace).then(
      (messages) => callback(null, messages),
      (error: Error) => callback(error, false),
    );
  },
};

export const i18n = i18next.createInstance();

/** Locales whose catalogues miss keys English has (known at build time) show English for those keys. */
export function fallbackFor(locale: Locale): Locale[] {
  return locale !== DEFAULT_LOCALE && gaps.includes(locale) ? [DEFAULT_LOCALE] : [];
}

/**
 * Starts the app's i18next in `locale`, with the catalogues already at hand (embedded in a prerendered page, or
 * read from disk when prerendering). Called again (the prerender renders every locale in turn), it switches.
 */
export function startI18n(locale: Locale, resources: Resource = {}): typeof i18n {
  if (i18n.isInitialized) {
    for (const [lng, namespaces] of Object.entries(resources)) {
      for (const [ns, messages] of Object.entries(namespaces)) i18n.addResourceBundle(lng, ns, messages, true, true);
    }
    i18n.options.fallbackLng = fallbackFor(locale);
    void i18n.changeLanguage(locale);
    return i18n;
  }
  void i18n
    .use(backend)
    .use(initReactI18next)
    .init({
      lng: locale,
      fallbackLng: fallbackFor(locale),
      supportedLngs: LOCALES,
      load: "currentOnly",
      ns: [],
      defaultNS: "common",
      resources,
      partialBundledLanguages: true,
      initAsync: false,
      // React escapes what it renders; the catalogues are ours.
      interpolation: { escapeValue: false },
      react: { useSuspense: true, bindI18n: "languageChanged" },
    });
  return i18n;
}

/** The BCP 47 tag of the current locale, for Intl and `lang` attributes. */
export function languageTag(locale: Locale): string {
  return LANGUAGE_TAGS[locale];
}
