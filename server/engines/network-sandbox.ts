import { spawnSync } from "node:child_process";

/**
 * Engines run without a network. Each program starts in a network namespace of its own (`unshare --net`), which
 * holds only a loopback interface that is down: no connection leaves the process, not even to this machine's own
 * services, whatever a crafted document asks the engine to fetch. That needs root, or user namespaces through
 * --map-root-user; where neither is allowed (some containers), engines run as they are and GET /api/health says
 * so. ENGINE_NETWORK_SANDBOX=off turns it off.
 *
 * LibreOffice is left out: its office and the bridge that drives it talk over a local UNO pipe, and its own
 * profile already forbids every fetch (see libreoffice-profile.ts). The probe of installed engines is left out too,
 * so that it tells what is installed, not what the sandbox allows.
 */

const OUTSIDE = new Set(["libreoffice", "libreoffice-daemon", "probe"]);

let available: boolean | undefined;

function unshareOptions(): string[] {
  return process.getuid?.() === 0 ? ["--net"] : ["--net", "--map-root-user"];
}

export function networkSandboxAvailable(): boolean {
  available ??= process.env.ENGINE_NETWORK_SANDBOX !== "off" && spawnSync("unshare", [...unshareOptions(), "--", "true"], { stdio: "ignore", timeout: 5000 }).status === 0;
  return available;
}

/** The command line that starts `command` for `engine`: inside a namespace without network where possible. */
export function withoutNetwork(engine: string, command: string, args: readonly string[]): { command: string; args: readonly string[] } {
  if (OUTSIDE.has(engine) || !networkSandboxAvailable()) return { command, args };
  // unshare execs the program in place (no --fork), so the process group and the kill on abort stay as they were.
  return { command: "unshare", args: [...unshareOptions(), "--", command, ...args] };
}
