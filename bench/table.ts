/** Prints rows as a Markdown table, so that results can be pasted into notes as they are. */
export function printTable(headers: readonly string[], rows: ReadonlyArray<ReadonlyArray<string | number>>): void {
  const cells = rows.map((row) => row.map((c) => (typeof c === "number" ? formatNumber(c) : c)));
  const widths = headers.map((h, i) => Math.max(h.length, ...cells.map((r) => r[i]!.length)));
  const line = (values: readonly string[]) => `| ${values.map((v, i) => v.padEnd(widths[i]!)).join(" | ")} |`;
  console.log(line(headers));
  console.log(`|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
  for (const row of cells) console.log(line(row));
}

function formatNumber(n: number): string {
  if (Number.isInteger(n)) return String(n);
  return Math.abs(n) >= 100 ? n.toFixed(0) : Math.abs(n) >= 10 ? n.toFixed(1) : n.toFixed(2);
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Runs fn `times` times and returns the median wall time in seconds. */
export async function timeMedian(times: number, fn: () => Promise<unknown>): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < times; i++) {
    const start = process.hrtime.bigint();
    await fn();
    samples.push(Number(process.hrtime.bigint() - start) / 1e9);
  }
  return median(samples);
}
