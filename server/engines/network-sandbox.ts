import { spawnSync } from "node:child_process";
import { engineSandboxState } from "./sandbox.js";

/**
 * Engines run without a network. Inside the engine sandbox (sandbox.ts) each program has a network namespace of its
 * own, holding only a loopback of its own: no connection leaves the process, not even to this machine's own
 * services, whatever a crafted document asks the engine to fetch. Where the sandbox is off or unavailable, the
 * program still starts in a network namespace of its own (`unshare --net`, or with --map-root-user when not root)
 * where the system allows it. Where neither works (some containers), engines run as they are and GET /api/health
 * says so. ENGINE_NETWORK_SANDBOX=off turns it off.
 *
 * Without the sandbox, LibreOffice is left out: its office and the bridge that drives it talk over a local UNO
 * pipe, and its own profile forbids every fetch (see libreoffice-profile.ts). The probe of installed engines is left
 * out too, so that it tells what is installed, not what the sandbox allows.
 */

const OUTSIDE = new Set(["libreoffice", "libreoffice-daemon", "probe"]);

let unshareWorks: boolean | undefined;

function unshareOptions(): string[] {
  return process.getuid?.() === 0 ? ["--net"] : ["--net", "--map-root-user"];
}

function unshareAvailable(): boolean {
  unshareWorks ??= spawnSync("unshare", [...unshareOptions(), "--", "true"], { stdio: "ignore", timeout: 5000 }).status === 0;
  return unshareWorks;
}

/** Whether engines (LibreOffice aside when the sandbox is not on) start without a network. */
export function networkSandboxAvailable(): boolean {
  if (process.env.ENGINE_NETWORK_SANDBOX === "off") return false;
  return engineSandboxState() === "on" || unshareAvailable();
}

/** The command line that starts `command` for `engine` without the engine sandbox: without network where possible. */
export function withoutNetwork(engine: string, command: string, args: readonly string[]): { command: string; args: readonly string[] } {
  if (OUTSIDE.has(engine) || !networkSandboxAvailable()) return { command, args };
  // unshare execs the program in place (no --fork), so the process group and the kill on abort stay as they were.
  return { command: "unshare", args: [...unshareOptions(), "--", command, ...args] };
}
