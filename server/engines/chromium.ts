import fs from "node:fs/promises";
import path from "node:path";
import { EngineFailure } from "../errors.js";
import type { EngineContext } from "./context.js";
import { classifyRunFailure, runProcess } from "./process-runner.js";

/**
 * Debian's Chromium prints web pages to PDF. It runs as every engine does, in the sandbox (sandbox.ts): it sees the
 * system's files, its job's folder and nothing else, and has a network of its own with only a loopback, so a page
 * cannot reach another machine, this server, or another job's files, whatever it links to. Chromium's own sandbox
 * is off (it needs namespaces the outer one already takes); the program itself, not the wrapper script, is started,
 * because the script reads /etc/chromium.d, which the sandbox does not show.
 */

export const CHROMIUM = "/usr/lib/chromium/chromium";

const FIXED_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-extensions",
  "--disable-sync",
  "--no-first-run",
  "--no-default-browser-check",
  "--mute-audio",
  "--no-pdf-header-footer",
  // A page's scripts get a bounded heap: a page that allocates without end fails, not the machine.
  "--js-flags=--max-old-space-size=512",
] as const;

/** Prints `page` (a file in the job's folder) to `output`; `settleMs` lets a page's scripts run before printing. */
export async function printToPdf(page: string, output: string, ctx: EngineContext, settleMs?: number): Promise<void> {
  const profile = path.join(ctx.workDir, "chromium-profile");
  await fs.mkdir(profile, { recursive: true });
  const args = [...FIXED_ARGS, `--user-data-dir=${profile}`, ...(settleMs ? [`--virtual-time-budget=${settleMs}`] : []), `--print-to-pdf=${output}`, `file://${page}`];
  try {
    await runProcess({ engine: "chromium", command: CHROMIUM, args, cwd: ctx.workDir, timeoutMs: ctx.timeoutMs, signal: ctx.signal });
  } catch (err) {
    throw classifyRunFailure(err, () => "unsupported");
  }
  const printed = await fs.stat(output).catch(() => undefined);
  if (!printed || printed.size === 0) throw new EngineFailure("unsupported", "chromium", "no PDF was written");
}
