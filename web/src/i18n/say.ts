import { DEFAULT_LOCALE, isLocale } from "../../../catalog/locales.js";
import { sayText, type Text } from "../../../pdf-ops/message.js";
import { i18n } from "./i18n.js";

/**
 * A sentence of the shared catalogue (catalog/messages: what a tool says it did, or why it refused) in the page's
 * language, as the server would have said it: a tool run on the device answers in the same words. The catalogue
 * is fetched when files are added for a device run (loadSayings), or else the first time a result is shown.
 */
export async function sayOnPage(text: Text): Promise<string> {
  await loadSayings();
  const locale = isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
  return sayText(text, (key, options) => i18n.t(key, { ...options, ns: "messages" }), locale);
}

/** Fetches the catalogue sayOnPage reads, ahead of the result that needs it. */
export function loadSayings(): Promise<void> {
  return i18n.loadNamespaces(["messages", "tools"]);
}
