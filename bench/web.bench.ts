import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";
import lighthouse from "lighthouse";
import { median, printTable } from "./table.js";

/**
 * The web app's weight and Lighthouse scores. Initial JavaScript is what index.html loads before anything else
 * (its entry script and the chunks it preloads); the lazily loaded screens and pdf.js are listed apart.
 * Lighthouse runs against the built app served by the real server, in Debian's chromium.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const webDir = path.join(root, "dist/web");
const JS_TARGET_KB = 150;
const PERFORMANCE_TARGET = 90;
const ACCESSIBILITY_TARGET = 95;

const gzipKb = (file: string) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length / 1024;
const rawKb = (file: string) => fs.statSync(file).size / 1024;

function initialAssets(): string[] {
  const html = fs.readFileSync(path.join(webDir, "index.html"), "utf8");
  return [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
}

function printSizes(): void {
  const initial = initialAssets();
  const all = fs.readdirSync(path.join(webDir, "assets")).map((f) => `assets/${f}`);
  const rows = all
    .filter((f) => /\.(m?js|css)$/.test(f))
    .map((f) => ({ f, gz: gzipKb(path.join(webDir, f)), raw: rawKb(path.join(webDir, f)), initial: initial.includes(f) }))
    .sort((a, b) => Number(b.initial) - Number(a.initial) || b.gz - a.gz);
  printTable(
    ["file", "loaded", "raw KB", "gzip KB"],
    rows.map((r) => [r.f, r.initial ? "initial" : "on demand", r.raw, r.gz]),
  );
  const initialJs = rows.filter((r) => r.initial && r.f.endsWith(".js")).reduce((sum, r) => sum + r.gz, 0);
  console.log(`\nHome page initial JavaScript: ${initialJs.toFixed(1)} KB gzip (target at most ${JS_TARGET_KB} KB)\n`);
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

async function waitFor(url: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer`);
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

export async function run(): Promise<void> {
  if (!fs.existsSync(path.join(webDir, "index.html"))) throw new Error("Build the web app first (npm run build).");
  printSizes();

  const appPort = await freePort();
  const debugPort = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pdf-toolbox-bench-web-"));
  const server = spawn(process.execPath, [path.join(root, "dist/server/main.js")], {
    env: { ...process.env, PORT: String(appPort), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn" },
    stdio: "ignore",
  });
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "pdf-toolbox-chromium-"));
  const chromium = spawn(
    "/usr/bin/chromium",
    ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", `--remote-debugging-port=${debugPort}`, `--user-data-dir=${profile}`, "about:blank"],
    { stdio: "ignore" },
  );
  try {
    const url = `http://127.0.0.1:${appPort}/`;
    await waitFor(url);
    await waitFor(`http://127.0.0.1:${debugPort}/json/version`);
    // A warm server, as visitors meet it: the first request after start pays for compiling the server's code.
    for (const asset of ["", ...initialAssets()]) await (await fetch(url + asset, { headers: { "accept-encoding": "br" } })).arrayBuffer();
    const rows: Array<[string, number, number]> = [];
    // Mobile is Lighthouse's default (a slow phone on a throttled network); desktop for comparison. Performance
    // is measured alone (the accessibility audit would run inside its trace) and varies with the machine's load,
    // so it is the median of three runs.
    for (const formFactor of ["mobile", "desktop"] as const) {
      const performance: number[] = [];
      for (let i = 0; i < RUNS; i++) performance.push(await score(url, debugPort, formFactor, "performance"));
      rows.push([formFactor, median(performance), await score(url, debugPort, formFactor, "accessibility")]);
    }
    printTable(["home page", "performance", "accessibility"], rows);
    console.log(`\nTargets: performance at least ${PERFORMANCE_TARGET}, accessibility at least ${ACCESSIBILITY_TARGET}.`);
  } finally {
    await stop(chromium);
    await stop(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(profile, { recursive: true, force: true });
  }
}

const RUNS = 3;

/** Lighthouse in the chromium listening on `port`: the mobile default, or the desktop preset's settings. */
async function score(url: string, port: number, formFactor: "mobile" | "desktop", category: "performance" | "accessibility"): Promise<number> {
  const desktopConfig = {
    extends: "lighthouse:default",
    settings: {
      formFactor: "desktop" as const,
      screenEmulation: { mobile: false, width: 1350, height: 940, deviceScaleFactor: 1, disabled: false },
      throttling: { rttMs: 40, throughputKbps: 10240, cpuSlowdownMultiplier: 1, requestLatencyMs: 0, downloadThroughputKbps: 0, uploadThroughputKbps: 0 },
    },
  };
  const result = await lighthouse(
    url,
    { port, output: "json", logLevel: "error", onlyCategories: [category] },
    formFactor === "desktop" ? desktopConfig : undefined,
  );
  return Math.round((result?.lhr.categories[category]?.score ?? 0) * 100);
}
