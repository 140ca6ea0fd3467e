import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";
import { toolSummariesPlugin } from "./web/tool-summaries-plugin.js";

export default defineConfig({
  test: {
    // Engine-backed tests spawn real processes; give them room on a 2-core machine.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: false,
    projects: [
      { extends: true, test: { name: "server", include: ["test/**/*.test.ts"], exclude: ["test/e2e/**"] } },
      {
        extends: true,
        plugins: [react(), toolSummariesPlugin()],
        test: { name: "web", include: ["web/**/*.test.{ts,tsx}"], environment: "jsdom", setupFiles: ["web/test-setup.ts"] },
      },
      // The built web app in Debian's chromium, against a real server (needs `npm run build` first; npm test does it).
      { extends: true, test: { name: "e2e", include: ["test/e2e/**/*.test.ts"] } },
    ],
  },
});
