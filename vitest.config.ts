import path from "node:path";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";
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

/**
 * The files that take longest, longest first (seconds on a quiet 2-core machine). They start first so that the two
 * workers end together on the many short files, rather than one of them starting a minute-long file while the other
 * has nothing left: vitest orders files it has no times for by size, which put some of these among the last.
 */
const SLOWEST_FIRST = [
  "test/ocr.test.ts", // 112
  "test/e2e/on-device.test.ts", // 100
  "test/ocr-outputs.test.ts", // 83
  "test/corpus-all-tools.test.ts", // 74
  "test/compress-image-kinds.test.ts", // 65
  "test/on-device.test.ts", // 64
  "test/e2e/i18n.test.ts", // 56
  "test/e2e/result-flows.test.ts", // 53
  "test/fuzz.test.ts", // 52
  "test/convert-corpus.test.ts", // 47
  "test/e2e/ocr.test.ts", // 47
  "test/linear-parsing.test.ts", // 41
  "test/e2e/annotate.test.ts", // 37
  "test/e2e/more-tools.test.ts", // 35
  "test/e2e/sign.test.ts", // 35
  "test/i18n-results.test.ts", // 34
];

/** The test helpers' folders of a file's fixtures and downloads go when its tests end. */
const REMOVE_TEST_FOLDERS = "test/helpers/remove-test-folders.ts";

/**
 * Vitest's own order (failed first, then the last run's times, longest first) where it remembers a run of every
 * file, as on a developer's machine; on a fresh clone, as in CI, the list above first and the rest in its order.
 */
class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const remembered = files.every((f) => this.ctx.cache.getFileTestResults(`${f.project.name}:${path.relative(this.ctx.config.root, f.moduleId)}`));
    if (remembered) return sorted;
    const rank = (f: TestSpecification) => {
      const at = SLOWEST_FIRST.indexOf(path.relative(this.ctx.config.root, f.moduleId));
      return at === -1 ? SLOWEST_FIRST.length : at;
    };
    // Array.prototype.sort is stable: the files off the list keep vitest's order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  test: {
    // Engine-backed tests spawn real processes; give them room on a 2-core machine.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // A poll waits for what a page or a job does next; on a busy machine that can take longer than vitest's one
    // second. Only a failing poll waits the whole time.
    expect: { poll: { timeout: 10_000 } },
    // Two files at a time, whatever the machine: most of a file's time is spent waiting on engines and browsers, so
    // two keep a 2-core machine busy (vitest would otherwise take one fewer than the cores).
    maxWorkers: 2,
    sequence: { sequencer: SlowestFirst },
    projects: [
      { extends: true, test: { name: "server", include: ["test/**/*.test.ts"], exclude: ["test/e2e/**", ...ALONE], setupFiles: [REMOVE_TEST_FOLDERS] } },
      { extends: true, test: { name: "alone", include: ALONE, fileParallelism: false, setupFiles: [REMOVE_TEST_FOLDERS] } },
      {
        extends: true,
        plugins: [react(), toolSummariesPlugin()],
        test: { name: "web", include: ["web/**/*.test.{ts,tsx}"], environment: "jsdom", setupFiles: ["web/test-setup.ts"] },
      },
      // The built web app in Debian's chromium, against a real server (needs `npm run build` first; npm test does it).
      { extends: true, test: { name: "e2e", include: ["test/e2e/**/*.test.ts"], setupFiles: [REMOVE_TEST_FOLDERS] } },
    ],
  },
});
