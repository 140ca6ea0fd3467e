import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { corpus } from "./helpers/corpus.js";
import { postTool, startServer, type TestServer } from "./helpers/server.js";
import { withTimelines } from "./helpers/timelines.js";

const STEPS_IN_ORDER = [
  "upload received",
  "files checked",
  "inputs kept",
  "job started",
  "folder ready",
  "inputs fetched",
  "processed",
  "outputs checked",
  "published",
  "replied",
];

describe("PHASE_TIMING: where each API call's time goes", () => {
  let server: TestServer;
  beforeAll(async () => {
    // One job at a time: the second request's job is started by the end of the first, not by its own request.
    server = await startServer({ phaseTiming: true, jobConcurrency: 1 });
  });
  afterAll(async () => {
    await server.close();
  });

  it("writes one line per call with every step, its own engine runs included, in order", async () => {
    const { result: replies, timelines } = await withTimelines(2, () =>
      Promise.all([
        postTool(server, "rotate-pdf", [corpus("pdflatex-4-pages.pdf")], { angle: 90 }),
        postTool(server, "rotate-pdf", [corpus("multicolumn.pdf")], { angle: 180 }),
      ]),
    );
    expect(replies.map((r) => r.status)).toEqual([200, 200]);
    for (const marks of timelines) {
      const times = marks.map(([, ms]) => ms);
      expect(times).toEqual([...times].sort((a, b) => a - b));
      const steps = marks.map(([step]) => step);
      expect(steps.filter((step) => STEPS_IN_ORDER.includes(step))).toEqual(STEPS_IN_ORDER);
      // Each of the job's qpdf runs: its turn, its start and its end, between the job's start and its processing.
      const runs = steps.filter((step) => step === "qpdf turn").length;
      expect(runs).toBeGreaterThan(0);
      expect(steps.filter((step) => step === "qpdf started")).toHaveLength(runs);
      expect(steps.filter((step) => step === "qpdf ended")).toHaveLength(runs);
      expect(steps.indexOf("qpdf turn")).toBeGreaterThan(steps.indexOf("inputs fetched"));
      expect(steps.lastIndexOf("qpdf ended")).toBeLessThan(steps.indexOf("published"));
    }
  }, 120_000);
});
