import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { writeFlateBomb } from "../test/helpers/hostile-pdfs.js";
import { healthTime, openSocket, postStreamed, whenClosed } from "../test/helpers/raw-http.js";
import { startServerProcess, type ServerProcess } from "../test/helpers/server-process.js";
import { printTable } from "./table.js";

/**
 * Hostile clients against a server in its own process at its defaults, except a header deadline of 5 s so that a
 * run does not wait 20: a thousand idle connections from one address (beyond its cap of 64), a thousand from
 * sixteen addresses (within the cap, held until the header deadline), and several requests at once with a 40 MB
 * text field or a 1 MB password. For each: how many were refused or closed, how long that took, the slowest
 * /api/health answer from 127.0.0.1 meanwhile (sampled every 100 ms), and the server's peak memory so far (VmHWM).
 * Then several 4 GB FlateDecode bombs at once through Repair and Compress, with a short job deadline, and the most
 * memory the engines held meanwhile: the largest single engine process and all of them together (sampled every
 * 100 ms from /proc), to set beside the per-process caps of engine-limits.ts and MUPDF_MEMORY_LIMIT_MB.
 */

const MB = 1024 * 1024;
const CONNECTIONS = 1000;
const BIG_FIELD_REQUESTS = 8;
const BOMBS = 4;

/** Every process below `root` (its engines and what they start), read from /proc. */
function descendants(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      // The parent id is the second field after the command name, which is in parentheses and may hold spaces.
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // Gone meanwhile.
    }
  }
  const found: number[] = [];
  const queue = [root];
  while (queue.length > 0) {
    for (const child of children.get(queue.shift()!) ?? []) {
      queue.push(child);
      found.push(child);
    }
  }
  return found;
}

function residentBytes(pid: number): number {
  try {
    const kb = /^VmRSS:\s*(\d+) kB$/m.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return kb ? Number(kb) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** Samples the engines' memory while `attack` runs: the largest single process and the sum over all of them. */
async function watchEngines<T>(server: ServerProcess, attack: () => Promise<T>): Promise<{ result: T; largest: number; total: number }> {
  let done = false;
  let largest = 0;
  let total = 0;
  const sampling = (async () => {
    while (!done) {
      const sizes = descendants(server.pid).map(residentBytes);
      largest = Math.max(largest, ...sizes, 0);
      total = Math.max(total, sizes.reduce((a, b) => a + b, 0));
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  const result = await attack().finally(() => (done = true));
  await sampling;
  return { result, largest, total };
}

async function watchHealth<T>(server: ServerProcess, attack: () => Promise<T>): Promise<{ result: T; slowestMs: number; seconds: number }> {
  let done = false;
  let slowest = 0;
  const watching = (async () => {
    do {
      slowest = Math.max(slowest, await healthTime(server.url, 5000));
      await new Promise((r) => setTimeout(r, 100));
    } while (!done);
  })();
  const start = performance.now();
  const result = await attack().finally(() => (done = true));
  const seconds = (performance.now() - start) / 1000;
  await watching;
  return { result, slowestMs: slowest, seconds };
}

/** Opens `count` connections spread over `addresses`; counts those the server closes within 1 s and within 30 s. */
async function idleConnections(server: ServerProcess, count: number, addresses: readonly string[]): Promise<{ atOnce: number; total: number }> {
  const sockets = await Promise.all(Array.from({ length: count }, (_, i) => openSocket(server.port, addresses[i % addresses.length])));
  const opened = performance.now();
  const closedAt = await Promise.all(
    sockets.map((s) => Promise.race([whenClosed(s).then(() => performance.now() - opened), new Promise<number>((r) => setTimeout(() => r(Infinity), 30_000))])),
  );
  for (const s of sockets) s.destroy();
  return { atOnce: closedAt.filter((ms) => ms <= 1000).length, total: closedAt.filter((ms) => ms !== Infinity).length };
}

export async function run(): Promise<void> {
  const server = await startServerProcess({ HEADERS_TIMEOUT_SECONDS: "5", RATE_LIMIT_PER_MINUTE: "0", JOB_DEADLINE_BASE_SECONDS: "20", JOB_CONCURRENCY: String(BOMBS) });
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "hostile-bench-"));
  try {
    await healthTime(server.url, 60_000);
    const rows: Array<Array<string | number>> = [];
    const row = async (label: string, outcome: string, seconds: number, slowestMs: number) => {
      rows.push([label, outcome, seconds, slowestMs === Infinity ? "no answer" : slowestMs, (await server.peakRss()) / MB]);
    };
    await row("started, one health check", "-", 0, await healthTime(server.url, 5000));

    const oneAddress = await watchHealth(server, () => idleConnections(server, CONNECTIONS, ["127.0.0.2"]));
    await row(`${CONNECTIONS} idle connections from one address`, `${oneAddress.result.atOnce} closed within 1 s, ${oneAddress.result.total} in all`, oneAddress.seconds, oneAddress.slowestMs);

    const addresses = Array.from({ length: 16 }, (_, i) => `127.0.1.${i + 1}`);
    const manyAddresses = await watchHealth(server, () => idleConnections(server, CONNECTIONS, addresses));
    await row(`${CONNECTIONS} idle connections from 16 addresses`, `${manyAddresses.result.atOnce} closed within 1 s, ${manyAddresses.result.total} in all`, manyAddresses.seconds, manyAddresses.slowestMs);

    const bigFields = await watchHealth(server, () =>
      Promise.all(Array.from({ length: BIG_FIELD_REQUESTS }, () => postStreamed(`${server.url}/api/process/add-watermark`, [{ name: "watermarkText", value: 40 * MB }]))),
    );
    await row(`${BIG_FIELD_REQUESTS} requests at once, 40 MB text field`, `${bigFields.result.filter((r) => r.status === 413).length} × 413`, bigFields.seconds, bigFields.slowestMs);

    const passwords = await watchHealth(server, () =>
      Promise.all(Array.from({ length: BIG_FIELD_REQUESTS }, () => postStreamed(`${server.url}/api/process/protect-pdf`, [{ name: "userPassword", value: MB }]))),
    );
    await row(`${BIG_FIELD_REQUESTS} requests at once, 1 MB userPassword`, `${passwords.result.filter((r) => r.status === 413).length} × 413`, passwords.seconds, passwords.slowestMs);

    const bombFile = path.join(scratch, "bomb.pdf");
    await writeFlateBomb(bombFile, 4096 * MB);
    const bomb = fs.readFileSync(bombFile);
    const engines: Array<Array<string | number>> = [];
    for (const tool of ["repair-pdf", "compress-pdf"]) {
      const attack = await watchHealth(server, () =>
        watchEngines(server, () => Promise.all(Array.from({ length: BOMBS }, () => postStreamed(`${server.url}/api/process/${tool}`, [], [{ name: "bomb.pdf", data: bomb }])))),
      );
      const statuses = attack.result.result.map((r) => r.status).join(" ");
      await row(`${BOMBS} × 4 GB flate bomb (${(bomb.length / MB).toFixed(1)} MB file) at once to ${tool}`, statuses, attack.seconds, attack.slowestMs);
      engines.push([tool, statuses, attack.seconds, attack.result.largest / MB, attack.result.total / MB]);
    }

    await row("after, one health check", server.alive() ? "alive" : "DEAD", 0, await healthTime(server.url, 5000));
    printTable(["attack", "outcome", "seconds", "slowest health ms", "server peak RSS MB"], rows);
    printTable(["bombs through", "statuses", "seconds", "largest engine process peak MB", "all engines peak MB"], engines);
  } finally {
    await server.close();
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}
