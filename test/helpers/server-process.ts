import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ENTRY = fileURLToPath(new URL("./serve-process.ts", import.meta.url));

/** A server in its own process (see serve-process.ts), with its own data folder. */
export interface ServerProcess {
  url: string;
  port: number;
  pid: number;
  /** Where its jobs' work folders are made. */
  workRoot: string;
  /** The most memory the process has held so far (VmHWM), in bytes. */
  peakRss(): Promise<number>;
  alive(): boolean;
  close(): Promise<void>;
}

/** root: the checkout to run, this one by default (a benchmark compares with an earlier version's). */
export async function startServerProcess(env: Record<string, string> = {}, root = path.resolve(path.dirname(ENTRY), "../..")): Promise<ServerProcess> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "pdf-toolbox-proc-"));
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", path.join(root, "test/helpers/serve-process.ts")], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: "silent", ...env, DATA_DIR: dataDir },
    stdio: ["pipe", "pipe", "pipe"],
  });
  let output = "";
  child.stderr!.on("data", (c: Buffer) => (output += c.toString()));
  const first = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server process did not start:\n${output}`)), 60_000);
    child.once("exit", (code) => reject(new Error(`server process exited with ${code}:\n${output}`)));
    let line = "";
    child.stdout!.on("data", (c: Buffer) => {
      line += c.toString();
      if (line.includes("\n")) {
        clearTimeout(timer);
        resolve(line.slice(0, line.indexOf("\n")));
      }
    });
  });
  const { url, workRoot } = JSON.parse(first) as { url: string; workRoot: string };
  const alive = () => child.exitCode === null && child.signalCode === null;
  return {
    url,
    port: Number(new URL(url).port),
    pid: child.pid!,
    workRoot,
    alive,
    peakRss: async () => {
      const status = await fs.readFile(`/proc/${child.pid}/status`, "utf8");
      return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
    },
    close: async () => {
      if (alive()) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.stdin!.end();
        const killer = setTimeout(() => child.kill("SIGKILL"), 10_000);
        await exited;
        clearTimeout(killer);
      }
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
