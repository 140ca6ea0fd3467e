import { spawn, type ChildProcess } from "node:child_process";

/** A `server/worker.ts` process, as `npm run worker` starts it, with everything it prints. */
export interface WorkerProcess {
  child: ChildProcess;
  output(): string;
  alive(): boolean;
  /** SIGKILL: the worker dies mid-job, as on a crash or a lost machine. */
  kill(): Promise<void>;
}

/** Starts a worker with these variables on top of this process's, once it says it is ready. */
export async function startWorkerProcess(env: Record<string, string>): Promise<WorkerProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", "server/worker.ts"], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`worker did not start:\n${output}`)), 55_000);
    child.once("exit", (code) => reject(new Error(`worker exited with ${code}:\n${output}`)));
    child.stdout!.on("data", () => {
      if (output.includes("ready")) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  const alive = () => child.exitCode === null && child.signalCode === null;
  return {
    child,
    output: () => output,
    alive,
    kill: async () => {
      if (!alive()) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGKILL");
      await exited;
    },
  };
}
