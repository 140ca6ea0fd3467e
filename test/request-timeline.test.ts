import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { corpus } from "./helpers/corpus.js";
import { postTool, startServer, type TestServer } from "./helpers/server.js";

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
  "folder given back",
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
    const lines: string[] = [];
    const write = process.stderr.write.bind(process.stderr);
    const spy = vi.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array, ...rest: unknown[]) => {
      const text = String(chunk);
      if (text.startsWith('{"requestTimeline"')) {
        lines.push(text);
        return true;
      }
      return (write as (c: string | Uint8Array, ...r: unknown[]) => boolean)(chunk, ...rest);
    });
    try {
      const replies = await Promise.all([
        postTool(server, "rotate-pdf", [corpus("pdflatex-4-pages.pdf")], { angle: 90 }),
        postTool(server, "rotate-pdf", [corpus("multicolumn.pdf")], { angle: 180 }),
      ]);
      expect(replies.map((r) => r.status)).toEqual([200, 200]);
      // The line is written once the reply has gone, which the client may see a moment before.
      await vi.waitFor(() => expect(lines).toHaveLength(2));
    } finally {
      spy.mockRestore();
    }
    for (const line of lines) {
      const marks = (JSON.parse(line) as { requestTimeline: Array<[string, number]> }).requestTimeline;
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
