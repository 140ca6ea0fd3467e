import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { inflateSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EngineContext } from "../server/engines/context.js";
import { soundOutputs, soundPdf, UnsoundOutputError } from "../server/jobs/sound-pdf.js";
import { corpus } from "./helpers/corpus.js";
import { inTurn, SWEEP_TURN } from "./helpers/sweep-turn.js";
import { qpdfCheck } from "./helpers/pdf-tools.js";
import { postTool, startServer, type TestServer } from "./helpers/server.js";

const exec = promisify(execFile);

/** qpdf --check's exit code, 0 to 3. */
async function checkExit(file: string): Promise<number> {
  return exec("qpdf", ["--check", file]).then(
    () => 0,
    (err: { code?: number }) => err.code ?? -1,
  );
}

describe("soundPdf on a processor's output", () => {
  let ctx: EngineContext;
  beforeAll(async () => {
    ctx = { workDir: await fs.mkdtemp(path.join(os.tmpdir(), "sound-unit-")), timeoutMs: 60_000 };
  });
  afterAll(async () => {
    await fs.rm(ctx.workDir, { recursive: true, force: true });
  });

  /** A corpus file copied into the job's folder, the only folder a sandboxed engine sees. */
  async function inWorkDir(name: string): Promise<string> {
    const copy = path.join(ctx.workDir, name);
    await fs.copyFile(corpus(name), copy);
    return copy;
  }

  it("passes a sound PDF through untouched", async () => {
    const file = { path: await inWorkDir("pdflatex-4-pages.pdf"), name: "four.pdf" };
    expect(await soundPdf(file, ctx)).toEqual(file);
  });

  it("rebuilds a truncated PDF into one that passes qpdf --check", async () => {
    const data = await fs.readFile(corpus("pdflatex-4-pages.pdf"));
    const truncated = path.join(ctx.workDir, "truncated.pdf");
    // The cross-reference section and trailer are gone: qpdf must reconstruct them.
    await fs.writeFile(truncated, data.subarray(0, data.lastIndexOf("xref")));
    expect(await checkExit(truncated)).not.toBe(0);
    const sound = await soundPdf({ path: truncated, name: "result.pdf" }, ctx);
    expect(sound.name).toBe("result.pdf");
    expect(sound.path).not.toBe(truncated);
    expect(await checkExit(sound.path)).toBe(0);
    const { stdout } = await exec("qpdf", ["--show-npages", sound.path]);
    expect(stdout.trim()).toBe("4");
  });

  it("refuses, naming the file, what no rebuild can make sound", async () => {
    const garbage = path.join(ctx.workDir, "garbage.pdf");
    await fs.writeFile(garbage, "%PDF-1.7\nthis is not a document at all\n%%EOF\n");
    const refused = soundPdf({ path: garbage, name: "answer-rotated.pdf" }, ctx);
    await expect(refused).rejects.toBeInstanceOf(UnsoundOutputError);
    await expect(refused).rejects.toThrow(/^The result answer-rotated\.pdf did not come out as a sound PDF/);
  });

  it("does not check twice what the processor already checked", async () => {
    // A broken file the processor says it checked goes through as it is: the check is not paid twice.
    const garbage = path.join(ctx.workDir, "checked.pdf");
    await fs.writeFile(garbage, "%PDF-1.7\nbroken\n");
    const file = { path: garbage, name: "repaired.pdf", checkedExitCode: 0 };
    expect(await soundPdf(file, ctx)).toBe(file);
  });

  it("checks the source of qpdf copies once instead of every copy, and each copy of a damaged source", async () => {
    // A stand-in for a part qpdf cut from a sound source: not checked on its own.
    const part = path.join(ctx.workDir, "part.pdf");
    await fs.writeFile(part, "%PDF-1.7\nnot really a part\n");
    const sound = await inWorkDir("pdflatex-4-pages.pdf");
    const copy = { path: part, name: "part-1.pdf", copiedByQpdfFrom: [sound] };
    expect(await soundPdf(copy, ctx)).toBe(copy);
    // From a damaged source, every part answers for itself, also when its other sources are sound (a merge).
    const damaged = path.join(ctx.workDir, "damaged-source.pdf");
    await fs.writeFile(damaged, "%PDF-1.7\nbroken source\n");
    await expect(soundPdf({ ...copy, copiedByQpdfFrom: [damaged] }, ctx)).rejects.toThrow(/part-1\.pdf/);
    await expect(soundPdf({ ...copy, copiedByQpdfFrom: [sound, damaged] }, ctx)).rejects.toThrow(/part-1\.pdf/);
  });

  it("takes the check made on the way in for the sources, and the verdict it gave", async () => {
    const part = path.join(ctx.workDir, "rotated.pdf");
    await fs.writeFile(part, "%PDF-1.7\nnot really rotated\n");
    // The source is gone: only the check made on the way in can vouch for it.
    const source = path.join(ctx.workDir, "checked-on-the-way-in.pdf");
    const result = { files: [{ path: part, name: "rotated.pdf", copiedByQpdfFrom: [source] }] };
    expect((await soundOutputs(result, ctx, new Map([[source, Promise.resolve(0)]]))).files[0]!.path).toBe(part);
    await expect(soundOutputs(result, ctx, new Map([[source, Promise.resolve(2)]]))).rejects.toThrow(/rotated\.pdf/);
  });

  it("leaves files that are not PDFs alone, and checks the extraction group too", async () => {
    const text = path.join(ctx.workDir, "words.txt");
    await fs.writeFile(text, "plain words");
    const garbage = path.join(ctx.workDir, "extracted.pdf");
    await fs.writeFile(garbage, "%PDF-1.7\nnothing\n");
    const result = { files: [{ path: text, name: "words.txt" }], extraction: { files: [{ path: garbage, name: "extracted.pdf" }] } };
    await expect(soundOutputs(result, ctx)).rejects.toThrow(/extracted\.pdf/);
    expect((await soundOutputs({ files: [{ path: text, name: "words.txt" }] }, ctx)).files[0]!.path).toBe(text);
  });
});

/**
 * A copy whose first page-content stream has its second half scrambled: its first half still inflates. qpdf copies
 * such a stream as it is, so a tool that only rewrites the structure hands the damage on, and qpdf --check fails.
 */
function scrambledContentStream(data: Buffer): Buffer {
  const bytes = Buffer.from(data);
  for (let at = bytes.indexOf("stream"); at >= 0; at = bytes.indexOf("stream", at + 1)) {
    let from = at + "stream".length;
    if (bytes[from] === 0x0d) from++;
    if (bytes[from] !== 0x0a) continue;
    from++;
    const to = bytes.indexOf("endstream", from);
    let text: Buffer;
    try {
      text = inflateSync(bytes.subarray(from, to));
    } catch {
      continue;
    }
    if (!text.includes("BT")) continue;
    for (let i = Math.floor((from + to) / 2); i < to - 1; i++) bytes[i] = (bytes[i]! * 7 + 13) & 255;
    return bytes;
  }
  throw new Error("no content stream found");
}

/** Damaged copies of a corpus file: cut short at a few places, and with bytes of its cross-reference table changed. */
async function damagedCopies(name: string, dir: string, only?: readonly string[]): Promise<string[]> {
  const data = await fs.readFile(corpus(name));
  const xref = data.lastIndexOf("xref");
  const flipped = Buffer.from(data);
  for (let i = xref + 5; i < Math.min(data.length, xref + 400); i += 11) flipped[i] = (flipped[i]! + 7) % 256;
  const variants: Record<string, Buffer> = {
    "stream-scrambled": scrambledContentStream(data),
    "cut-70": data.subarray(0, Math.floor(data.length * 0.7)),
    "cut-tail": data.subarray(0, data.length - 30),
    "no-xref": data.subarray(0, xref),
    "xref-flipped": flipped,
  };
  const files: string[] = [];
  for (const [variant, bytes] of Object.entries(variants)) {
    if (only && !only.includes(variant)) continue;
    const file = path.join(dir, `${variant}-${name}`);
    await fs.writeFile(file, bytes);
    files.push(file);
  }
  return files;
}

describe("damaged inputs through the PDF tools", () => {
  let server: TestServer;
  let dir: string;
  let inputs: string[];

  beforeAll(async () => {
    server = await startServer();
    dir = await fs.mkdtemp(path.join(os.tmpdir(), "sound-output-"));
    inputs = [...(await damagedCopies("pdflatex-4-pages.pdf", dir)), 
      ...(await damagedCopies("multicolumn.pdf", dir, ["stream-scrambled"])),
      ...(await damagedCopies("GeoTopo-komprimiert.pdf", dir, ["xref-flipped"])),
    ];
  });
  afterAll(async () => {
    await server.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  const tools: Array<[string, Record<string, string>]> = [
    ["rotate-pdf", { angle: "90" }],
    ["compress-pdf", {}],
    ["add-page-numbers", {}],
    ["add-watermark", { watermarkText: "DRAFT" }],
    ["delete-pages", { pages: "1" }],
  ];

  /**
   * Each damaged copy meets half of the tools, in turn (which half changes from day to day: helpers/sweep-turn.ts), so
   * that every tool meets three or four of the seven copies a run and every copy every tool within two days.
   */
  const turns = tools.map(([tool, fields], position) => [tool, fields, position] as const);
  it.each(turns)("%s answers a sound PDF or a 4xx sentence, never a broken 200", async (tool, fields, position) => {
    const met = inputs.filter((_, index) => inTurn(index, position, 2));
    console.log(`sound-output: ${tool} meets ${met.map((f) => path.basename(f)).join(", ")} (SWEEP_TURN=${SWEEP_TURN})`);
    let sound = 0;
    for (const input of met) {
      const reply = await postTool(server, tool, [input], fields);
      if (reply.status === 200) {
        const out = path.join(dir, `out-${tool}-${path.basename(input)}`);
        await fs.writeFile(out, Buffer.from(await (await fetch(server.url + reply.body.downloadUrl)).arrayBuffer()));
        await qpdfCheck(out);
        sound++;
      } else {
        expect([400, 413, 415, 422]).toContain(reply.status);
        expect(reply.body.error).toMatch(/^[A-Z].*\.$/);
      }
    }
    // Most of the damage here is what qpdf or MuPDF recover from: a tool that refused everything would be no better.
    expect(sound).toBeGreaterThan(met.length / 2);
  }, 240_000);

  it("Rotate rebuilds what it would have handed on damaged, and says so", async () => {
    const input = inputs.find((file) => path.basename(file) === "stream-scrambled-multicolumn.pdf")!;
    const reply = await postTool(server, "rotate-pdf", [input], { angle: "90" });
    expect(reply.status).toBe(200);
    expect(reply.body.message).toMatch(/^Rotated every page by 90 degrees\. The result stream-scrambled-multicolumn-rotated\.pdf came out damaged/);
    const out = path.join(dir, "rotated-rebuilt.pdf");
    await fs.writeFile(out, Buffer.from(await (await fetch(server.url + reply.body.downloadUrl)).arrayBuffer()));
    expect(await checkExit(out)).toBe(0);
  });

  it("Merge finds its verdict beside the merge, and rebuilds a result one damaged upload would spoil", async () => {
    const damaged = inputs.find((file) => path.basename(file) === "stream-scrambled-multicolumn.pdf")!;
    const reply = await postTool(server, "merge-pdf", [corpus("pdflatex-4-pages.pdf"), damaged]);
    expect(reply.status).toBe(200);
    expect(reply.body.message).toMatch(/came out damaged/);
    const out = path.join(dir, "merged-rebuilt.pdf");
    await fs.writeFile(out, Buffer.from(await (await fetch(server.url + reply.body.downloadUrl)).arrayBuffer()));
    expect(await checkExit(out)).toBe(0);
    // Sound uploads make a result that needs no rebuild.
    const soundReply = await postTool(server, "merge-pdf", [corpus("pdflatex-4-pages.pdf"), corpus("multicolumn.pdf")]);
    expect(soundReply.status).toBe(200);
    expect(soundReply.body.message).not.toMatch(/came out damaged/);
  });

  it("Compress answers within its deadline for a file poppler cannot open but qpdf can", async () => {
    const data = await fs.readFile(corpus("GeoTopo-komprimiert.pdf"));
    const file = path.join(dir, "poppler-refuses.pdf");
    await fs.writeFile(file, data.subarray(0, Math.floor(data.length * 0.6)));
    await expect(exec("pdfinfo", [file])).rejects.toThrow();
    await exec("qpdf", ["--show-npages", file]).catch((err: { code?: number }) => expect(err.code).toBe(3));
    const started = Date.now();
    const reply = await postTool(server, "compress-pdf", [file]);
    expect(Date.now() - started).toBeLessThan(60_000);
    if (reply.status === 200) {
      const out = path.join(dir, "poppler-refuses-out.pdf");
      await fs.writeFile(out, Buffer.from(await (await fetch(server.url + reply.body.downloadUrl)).arrayBuffer()));
      await qpdfCheck(out);
    } else {
      expect(reply.status).toBe(422);
      expect(reply.body.error).toMatch(/^This file could not be read as a PDF \(poppler-refuses\.pdf\)/);
    }
  });
});
