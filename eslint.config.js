import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";

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
);
