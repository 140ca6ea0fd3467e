import type { Plugin } from "vite";
import { catalogMessages } from "../catalog/catalog-messages.js";
import { TOOLS } from "../catalog/tools.js";
import { incompleteLocales } from "./i18n-catalogues.js";

/**
 * Build-time modules made from the catalogue, so that the web still declares nothing twice:
 * - virtual:tool-summaries: the catalogue without its option schemas, as plain data, for the screens every
 *   visitor loads (home, menus). The schemas need zod, which would triple the home page's JavaScript; they load
 *   with the tool screens.
 * - virtual:catalog-messages: the catalogue's English texts as the "tools" message namespace (loaded like any
 *   other catalogue, only when a page needs it).
 * - virtual:i18n-gaps: the locales whose catalogues still miss keys English has; only those load English too.
 */
const MODULES: Record<string, () => unknown> = {
  "virtual:tool-summaries": () =>
    TOOLS.map(({ options: _options, extraFiles: _extraFiles, dispatchField: _dispatch, ...summary }) => summary),
  "virtual:catalog-messages": () => catalogMessages(TOOLS),
  "virtual:i18n-gaps": () => incompleteLocales(),
};

export function toolSummariesPlugin(): Plugin {
  return {
    name: "tool-summaries",
    resolveId: (id) => (id in MODULES ? "\0" + id : undefined),
    load(id) {
      const make = id.startsWith("\0") ? MODULES[id.slice(1)] : undefined;
      return make ? `export default ${JSON.stringify(make())};` : undefined;
    },
  };
}
