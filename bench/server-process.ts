import { spawn, type ChildProcess } from "node:child_process";

/** The built server (`npm start`'s entry) as a process of its own, so that its memory can be read from /proc. */
export async function startServerProcess(dataDir: string): Promise<{ url: string; process: ChildProcess }> {
  const port = 5600 + Math.floor(process.pid % 300);
  const child = spawn(process.execPath, ["dist/server/main.js"], {
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, process: child };
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("server did not start");
}
