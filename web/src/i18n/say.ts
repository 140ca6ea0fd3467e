import { SENTENCE_SEPARATORS, type Locale } from "../../../catalog/locales.js";
import { sayText, type Text } from "../../../pdf-ops/message.js";
import { i18n } from "./i18n.js";

/**
 * A sentence of the shared catalogue (catalog/messages: what a tool says it did, or why it refused) in the page's
 * language, as the server would have said it: a tool run on the device answers in the same words. The catalogue
 * is fetched the first time a device result is shown.
 */
export async function sayOnPage(text: Text): Promise<string> {
  await i18n.loadNamespaces(["messages", "tools"]);
  const separator = SENTENCE_SEPARATORS[i18n.language as Locale] ?? " ";
  return sayText(text, (key, values) => i18n.t(key, { ...values, ns: "messages" }), separator);
}
