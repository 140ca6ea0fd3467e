import { expect, vi } from "vitest";

/** One call's PHASE_TIMING marks: each step and the moment it ended, in milliseconds from the request's arrival. */
export type Marks = Array<[string, number]>;

/**
 * Runs `calls` against a server started with PHASE_TIMING and returns what they answered with the `expected`
 * timeline lines the server wrote to standard error meanwhile (kept from the test's output).
 */
export async function withTimelines<T>(expected: number, calls: () => Promise<T>): Promise<{ result: T; timelines: Marks[] }> {
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
    const result = await calls();
    // The line is written once the reply has gone, which the client may see a moment before.
    await vi.waitFor(() => expect(lines).toHaveLength(expected));
    return { result, timelines: lines.map((line) => (JSON.parse(line) as { requestTimeline: Marks }).requestTimeline) };
  } finally {
    spy.mockRestore();
  }
}
