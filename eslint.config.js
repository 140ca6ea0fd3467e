import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import i18next from "eslint-plugin-i18next";
import { UNTRANSLATED_FILES } from "./web/untranslated-files.js";

/** One rule per server layer: the folders above it that its files may not import from. */
function serverLayers(above) {
  return Object.entries(above).map(([layer, forbidden]) => ({
    files: [`server/${layer}/**/*.ts`],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: forbidden.map((folder) => `**/${folder}/**`), message: `server/${layer} is below these folders and may not import from them.` },
            // The configuration is read where the server is put together (http, main, worker); each layer below
            // declares the settings it needs, and the whole configuration fits them.
            { group: ["**/config.js"], message: `server/${layer} declares the settings it needs instead of importing the configuration.` },
          ],
        },
      ],
    },
  }));
}

export default tseslint.config(
  { ignores: ["dist/**", "node_modules/**", "coverage/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { process: "readonly", console: "readonly", URL: "readonly" } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    // pdf-ops runs in the browser too: no Node.js modules or globals.
    files: ["pdf-ops/**/*.ts"],
    rules: {
      "no-restricted-globals": ["error", "Buffer", "process", "require", "__dirname"],
      "no-restricted-imports": ["error", { patterns: ["node:*", "fs", "path", "os", "crypto", "../server/*", "../../server/*"] }],
    },
  },
  // The server's layers, lowest first: lib (with i18n and errors) → engines and storage → work (the processors'
  // contract) → pdf, convert, sign and compare → tools → jobs → http. Nothing imports upward, not even types, so
  // that a layer can be understood, tested and replaced with only what is below it.
  ...serverLayers({
    lib: ["engines", "storage", "work", "pdf", "convert", "sign", "compare", "tools", "jobs", "http"],
    engines: ["storage", "work", "pdf", "convert", "sign", "compare", "tools", "jobs", "http"],
    storage: ["engines", "work", "pdf", "convert", "sign", "compare", "tools", "jobs", "http"],
    work: ["storage", "pdf", "convert", "sign", "compare", "tools", "jobs", "http"],
    pdf: ["storage", "tools", "jobs", "http"],
    convert: ["storage", "tools", "jobs", "http"],
    sign: ["storage", "tools", "jobs", "http"],
    compare: ["storage", "tools", "jobs", "http"],
    tools: ["storage", "jobs", "http"],
    jobs: ["http"],
  }),
  {
    // The service worker: plain JavaScript served as it is, in a service worker's scope.
    files: ["web/public/sw.js"],
    languageOptions: { globals: { self: "readonly", caches: "readonly", fetch: "readonly", Response: "readonly" } },
  },
  {
    // The web app: the rules of hooks.
    files: ["web/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: { "react-hooks/rules-of-hooks": "error", "react-hooks/exhaustive-deps": "error" },
  },
  {
    // Every word a visitor reads comes from the catalogues (web/src/locales): text in JSX and the attributes that
    // are read out or shown (labels, titles, placeholders, alternative text) may not be literal strings.
    files: ["web/src/**/*.tsx"],
    ignores: ["web/src/**/*.test.tsx", ...UNTRANSLATED_FILES],
    plugins: { i18next },
    rules: {
      "i18next/no-literal-string": [
        "error",
        {
          mode: "jsx-only",
          "jsx-attributes": { include: ["aria-label", "aria-description", "aria-valuetext", "title", "placeholder", "alt", "label", "hint", "processLabel"] },
          // Symbols, numbers and units are the same in every language.
          words: { exclude: ["[0-9!-/:-@[-`{-~\\s·×→←–—…%°]+", "[0-9,z-]+", "PDF Toolbox"] },
          // A settings panel's bindings name the option they bind (bind.text("pages", t("pages.label")), field.color(…)).
          callees: { exclude: ["i18n(ext)?", "t", "stepsOf", "require", "[a-z]+\\.(text|number|slider|toggle|select|nested|color)"] },
        },
      ],
    },
  },
);
