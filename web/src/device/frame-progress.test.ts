import { afterEach, describe, expect, it, vi } from "vitest";
import { FrameProgress } from "./frame-progress.js";

/** Animation frames that run only when the test says so. */
function manualFrames() {
  const waiting = new Map<number, FrameRequestCallback>();
  let next = 1;
  vi.stubGlobal("requestAnimationFrame", (callback: FrameRequestCallback) => {
    waiting.set(next, callback);
    return next++;
  });
  vi.stubGlobal("cancelAnimationFrame", (id: number) => waiting.delete(id));
  return {
    pending: () => waiting.size,
    draw: () => {
      const callbacks = [...waiting.values()];
      waiting.clear();
      for (const callback of callbacks) callback(0);
    },
  };
}

afterEach(() => vi.unstubAllGlobals());

describe("the device's progress", () => {
  it("draws the latest of a frame's reports once", () => {
    const frames = manualFrames();
    const drawn: number[] = [];
    const progress = new FrameProgress((fraction) => drawn.push(fraction));
    for (const fraction of [0.1, 0.2, 0.3]) progress.report(fraction);
    expect(frames.pending()).toBe(1);
    frames.draw();
    progress.report(0.4);
    frames.draw();
    expect(drawn).toEqual([0.3, 0.4]);
  });

  it("draws nothing once stopped, so that no progress follows the run's result", () => {
    const frames = manualFrames();
    const drawn: number[] = [];
    const progress = new FrameProgress((fraction) => drawn.push(fraction));
    progress.report(0.5);
    progress.stop();
    frames.draw();
    expect(drawn).toEqual([]);
    expect(frames.pending()).toBe(0);
  });
});
