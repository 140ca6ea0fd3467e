// @vitest-environment node
import { describe, expect, it } from "vitest";
import { runningStepLabel, type WorkflowStep } from "./workflow.js";

const steps: WorkflowStep[] = [
  { tool: "rotate-pdf", options: {} },
  { tool: "compress-pdf", options: {} },
  { tool: "protect-pdf", options: {} },
];

describe("the running step of a workflow", () => {
  it("is read from the equal share of progress each step has", () => {
    expect(runningStepLabel(steps, 0)).toBe("Step 1 of 3: Rotate PDF");
    expect(runningStepLabel(steps, 0.32)).toBe("Step 1 of 3: Rotate PDF");
    expect(runningStepLabel(steps, 1 / 3)).toBe("Step 2 of 3: Compress PDF");
    expect(runningStepLabel(steps, 0.9)).toBe("Step 3 of 3: Protect PDF");
    expect(runningStepLabel(steps, 1)).toBe("Step 3 of 3: Protect PDF");
  });

  it("is nothing for an empty workflow", () => {
    expect(runningStepLabel([], 0.5)).toBeUndefined();
  });
});
