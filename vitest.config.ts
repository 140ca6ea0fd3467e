import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";
import { toolSummariesPlugin } from "./web/tool-summaries-plugin.js";

/**
 * Files that time single answers of a server under attack against a second or a few, or weigh its memory: another
 * file's engines running beside them would be measured too. They run one at a time, after the others, with the
 * machine to themselves. (The fuzz run asks /api/health within a second too, but its own jobs load the server far
 * more than a neighbour does.)
 */
const ALONE = [
  "test/request-bounds.test.ts",
  "test/input-limits.test.ts",
  "test/hostile-content.test.ts",
  "test/engine-supervision.test.ts",
  "test/job-deadline.test.ts",
];

export default defineConfig({
  test: {
    // Engine-backed tests spawn real processes; give them room on a 2-core machine.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Two files at a time, whatever the machine: most of a file's time is spent waiting on engines and browsers, so
    // two keep a 2-core machine busy (vitest would otherwise take one fewer than the cores).
    maxWorkers: 2,
    projects: [
      { extends: true, test: { name: "server", include: ["test/**/*.test.ts"], exclude: ["test/e2e/**", ...ALONE] } },
      { extends: true, test: { name: "alone", include: ALONE, fileParallelism: false } },
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
