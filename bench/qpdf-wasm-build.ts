/**
 * Times qpdf's WebAssembly builds against the native program on the same work: rotate every page of a 500-page
 * 50 MB file, merge it from 20 parts, split it into single pages. Each round runs every engine once, in turn;
 * medians of processor time are printed. Usage: tsx bench/qpdf-wasm-build.ts <name=factory.js:file.wasm>... [--rounds=N]
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { QpdfSession, OUT, inputPath, type QpdfEngine, type QpdfFactory } from "../pdf-ops/device/qpdf-wasm.js";
import { mergeArgs, splitArgs, STREAMS_AS_THEY_ARE } from "../pdf-ops/qpdf-args.js";
import { writeHeavyPdf } from "./fixtures.js";

/** Node.js's WebAssembly, typed for the two calls made here (the project's Node.js types leave it out). */
const { WebAssembly: wasm } = globalThis as unknown as {
  WebAssembly: { compile(bytes: Uint8Array): Promise<object>; instantiate(module: object, imports: object): Promise<object> };
};
const rounds = Number(process.argv.find((a) => a.startsWith("--rounds="))?.slice(9) ?? 5);
const engines = new Map<string, QpdfEngine>();
for (const spec of process.argv.slice(2).filter((a) => !a.startsWith("--"))) {
  const [name, files] = spec.split("=") as [string, string];
  const [js, wasmFile] = files.split(":") as [string, string];
  // Compiled once and instantiated for each instance, as the browser's worker does.
  const compiled = await wasm.compile(fs.readFileSync(wasmFile));
  const create = ((await import(path.resolve(js))) as { default: (options: object) => ReturnType<QpdfFactory> }).default;
  const factory: QpdfFactory = (options) =>
    create({
      ...options,
      instantiateWasm(imports: object, receive: (instance: object) => void) {
        void wasm.instantiate(compiled, imports).then(receive);
        return {};
      },
    });
  engines.set(name, { factory, wasmUrl: path.resolve(wasmFile) });
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "qpdf-wasm-build-"));
const big = path.join(dir, "big.pdf");
await writeHeavyPdf(big, 500);
const parts = Array.from({ length: 20 }, (_, i) => path.join(dir, `part-${String(i).padStart(2, "0")}.pdf`));
parts.forEach((part, i) => execFileSync("qpdf", ["--empty", STREAMS_AS_THEY_ARE, "--pages", big, `${i * 25 + 1}-${i * 25 + 25}`, "--", part]));

interface Work {
  inputs: string[];
  args(resolve: (file: string) => string, out: string): string[];
  /** The output's name under the output folder (a pattern for split). */
  out: string;
  expected?: number;
}
const rotateArgs = (input: string, out: string) =>
  [input, STREAMS_AS_THEY_ARE, "--rotate=+90:1-z", "--remove-unreferenced-resources=no", "--pages", ".", "1-z", "--", out];
const works: Record<string, Work> = {
  rotate: { inputs: [big], args: (r, out) => rotateArgs(r(big), out), out: "rotated.pdf", expected: fs.statSync(big).size },
  merge: { inputs: parts, args: (r, out) => mergeArgs(parts.map(r), out), out: "merged.pdf", expected: fs.statSync(big).size },
  split: { inputs: [big], args: (r, out) => splitArgs(r(big), 1, out), out: "page.pdf" },
};

/**
 * The native program, reading and writing files as the server does. Its processor time (user and system, as
 * /usr/bin/time counts it) is what is compared: on a shared machine wall time says more about the neighbours.
 */
function native(work: Work): number {
  const outDir = fs.mkdtempSync(path.join(dir, "out-"));
  const timed = path.join(outDir, "time");
  execFileSync("/usr/bin/time", ["-f", "%U %S", "-o", timed, "qpdf", "--no-warn", ...work.args((f) => f, path.join(outDir, work.out))]);
  const [user, system] = fs.readFileSync(timed, "utf8").trim().split(" ").map(Number) as [number, number];
  fs.rmSync(outDir, { recursive: true });
  return (user + system) * 1000;
}

/** This process's processor time in milliseconds. */
const cpu = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/** A WebAssembly build through QpdfSession: the files read into memory, an instance made, the run, the outputs taken. */
async function onWasm(engine: QpdfEngine, work: Work): Promise<{ total: number; run: number }> {
  const start = cpu();
  const inputs = new Map(work.inputs.map((f) => [path.basename(f), new Uint8Array(fs.readFileSync(f))]));
  const session = new QpdfSession(engine, inputs);
  await session.ready();
  const runStart = cpu();
  const outcome = await session.run({
    args: work.args((f) => inputPath(path.basename(f)), `${OUT}/${work.out}`),
    ...(work.expected ? { expectedOutput: { name: work.out, bytes: work.expected } } : {}),
  });
  const run = cpu() - runStart;
  let bytes = 0;
  for (const name of outcome.written()) bytes += outcome.take(name).length;
  if (bytes === 0) throw new Error("no output");
  return { total: cpu() - start, run };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const times = new Map<string, number[]>();
const note = (key: string, ms: number) => times.set(key, [...(times.get(key) ?? []), ms]);
for (let round = 0; round < rounds; round++) {
  for (const [workName, work] of Object.entries(works)) {
    note(`${workName} native`, native(work));
    for (const [name, engine] of engines) {
      const t = await onWasm(engine, work);
      note(`${workName} ${name}`, t.total);
      note(`${workName} ${name} (run only)`, t.run);
    }
  }
}
for (const workName of Object.keys(works)) {
  const base = median(times.get(`${workName} native`)!);
  for (const [key, xs] of times) {
    if (!key.startsWith(`${workName} `)) continue;
    console.log(`${key.padEnd(34)} ${median(xs).toFixed(0).padStart(6)} ms  ${(median(xs) / base).toFixed(2)}x native`);
  }
}
fs.rmSync(dir, { recursive: true });
