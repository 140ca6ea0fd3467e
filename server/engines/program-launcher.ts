import { spawn } from "node:child_process";
import type { ProgramEvent, ProgramRequest } from "./program-starter.js";

/**
 * The small process that starts engine programs for the process runner (program-starter.ts): each request is one
 * spawn, whose standard output and error are gathered here and handed back with the exit once the program is done.
 * It ends when the server does (its channel closes), and its programs, which die with their parent, with it.
 */
const send = (event: ProgramEvent) => process.send!(event);

process.on("disconnect", () => process.exit(0));

process.on("message", (request: ProgramRequest) => {
  const { id } = request;
  let child;
  try {
    child = spawn(request.command, request.args, {
      cwd: request.cwd,
      // A fresh group, so that a kill of the group reaches the program's own children too.
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
      env: request.env,
    });
  } catch (err) {
    send({ id, kind: "failed", code: (err as NodeJS.ErrnoException).code, message: (err as Error).message });
    return;
  }
  if (child.pid !== undefined) send({ id, kind: "started", pid: child.pid });
  const stdout: Buffer[] = [];
  let stdoutBytes = 0;
  let stderr = "";
  let failed = false;
  child.stdout.on("data", (chunk: Buffer) => {
    if (stdoutBytes < request.maxStdoutBytes) stdout.push(chunk);
    stdoutBytes += chunk.length;
  });
  child.stderr.on("data", (chunk: Buffer) => {
    if (stderr.length < request.maxStderrChars) stderr += chunk.toString("utf8");
  });
  child.on("error", (err: NodeJS.ErrnoException) => {
    failed = true;
    send({ id, kind: "failed", code: err.code, message: err.message });
  });
  child.on("close", (exitCode, signal) => {
    if (failed) return;
    send({ id, kind: "ended", exitCode, signal, stdout: Buffer.concat(stdout), stderr });
  });
});
