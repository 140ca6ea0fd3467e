import { spawnSync } from "node:child_process";

/**
 * Engines die with the server or worker that started them. A process killed outright (SIGKILL, the out-of-memory
 * killer, a lost container) gets no chance to stop its engines, which would otherwise run on for minutes, orphaned,
 * on work nobody will collect. `setpriv --pdeathsig KILL` asks the kernel to kill the program the moment its parent
 * dies, then execs it in place, so the process group and the kill on abort stay as they were.
 *
 * Only the program itself is covered: programs it starts in turn (OCRmyPDF's Tesseract runs) share its process
 * group, which an abort kills, but outlive a killed server until they finish the page they are on.
 */

let available: boolean | undefined;

export function parentDeathSignalAvailable(): boolean {
  available ??= spawnSync("setpriv", ["--pdeathsig", "KILL", "--", "true"], { stdio: "ignore", timeout: 5000 }).status === 0;
  return available;
}

/** The command line that starts `command` so that it is killed when this process dies. */
export function dyingWithParent(command: string, args: readonly string[]): { command: string; args: readonly string[] } {
  if (!parentDeathSignalAvailable()) return { command, args };
  return { command: "setpriv", args: ["--pdeathsig", "KILL", "--", command, ...args] };
}
