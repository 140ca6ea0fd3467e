import type { Plugin } from "vite";
import { TOOLS } from "../catalog/tools.js";

const ID = "virtual:tool-summaries";
const RESOLVED = "\0" + ID;

/**
 * The catalogue without its option schemas, as plain data, for the screens every visitor loads (home, menus).
 * The schemas need zod, which would triple the home page's JavaScript; they load with the tool screens.
 * Generated from catalog/tools.ts at build time, so the web still declares nothing twice.
 */
export function toolSummariesPlugin(): Plugin {
  return {
    name: "tool-summaries",
    resolveId: (id) => (id === ID ? RESOLVED : undefined),
    load(id) {
      if (id !== RESOLVED) return undefined;
      const summaries = TOOLS.map(({ options: _options, extraFiles: _extraFiles, dispatchField: _dispatch, ...summary }) => summary);
      return `export default ${JSON.stringify(summaries)};`;
    },
  };
}
