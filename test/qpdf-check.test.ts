import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EngineContext } from "../server/engines/context.js";
import { checkVerdict } from "../server/engines/qpdf-check.js";
import { EngineFailure } from "../server/errors.js";
import { corpus, corpusPdfs, ENCRYPTED_PDF } from "./helpers/corpus.js";
import { MUTATIONS, mutate } from "./helpers/pdf-mutants.js";
import { prng } from "./helpers/prng.js";
import { inTurn, SWEEP_TURN } from "./helpers/sweep-turn.js";

const exec = promisify(execFile);

/** qpdf --check's own exit code: 0 sound, 3 warnings, 2 errors. */
async function qpdfCheckExit(file: string): Promise<number> {
  return exec("qpdf", ["--check", file], { maxBuffer: 1 << 26 }).then(
    () => 0,
    (err: { code?: number }) => err.code ?? -1,
  );
}

/**
 * Every corpus file is checked as it is; each meets a third of the kinds of damage, in turn (which third changes from
 * day to day: helpers/sweep-turn.ts), so that every kind meets about ten files a run and every file every kind within
 * three days.
 */
const MUTATIONS_EVERY = 3;

/** The one corpus file whose linearization hints are off (qpdf --check warns), its objects and streams being sound. */
const STALE_HINTS = "GeoTopo-komprimiert.pdf";

describe("checkVerdict: qpdf --check's verdict without its recompression", () => {
  let ctx: EngineContext;
  beforeAll(async () => {
    ctx = { workDir: await fs.mkdtemp(path.join(os.tmpdir(), "qpdf-check-")), timeoutMs: 120_000 };
  });
  afterAll(async () => {
    await fs.rm(ctx.workDir, { recursive: true, force: true });
  });

  /** A copy in the job's folder, the only folder a sandboxed engine sees. */
  async function inWorkDir(name: string, data: Uint8Array): Promise<string> {
    const file = path.join(ctx.workDir, name);
    await fs.writeFile(file, data);
    return file;
  }

  it("gives qpdf --check's verdict on every corpus file and on damaged copies of them", async () => {
    const rng = prng(20_261_126 + SWEEP_TURN);
    const disagreements: string[] = [];
    let damaged = 0;
    let mutants = 0;
    for (const [index, original] of corpusPdfs().entries()) {
      const name = path.basename(original);
      if (name === ENCRYPTED_PDF) continue;
      const data = await fs.readFile(original);
      const mutations = MUTATIONS.filter((_, position) => inTurn(index, position, MUTATIONS_EVERY));
      mutants += mutations.length;
      const variants = [{ name, data }, ...mutations.map((m) => mutate(data, name, 1, m, rng))];
      for (const [i, variant] of variants.entries()) {
        const file = await inWorkDir(`${i}-${name}`, variant.data);
        const expected = await qpdfCheckExit(file);
        if (expected !== 0) damaged++;
        const verdict = await checkVerdict(file, ctx);
        if (verdict !== expected && !(i === 0 && name === STALE_HINTS)) disagreements.push(`${variant.name}: ${verdict}, --check ${expected}`);
      }
    }
    console.log(`qpdf-check: ${mutants} damaged copies, ${damaged} checks not sound (SWEEP_TURN=${SWEEP_TURN})`);
    expect(disagreements).toEqual([]);
    // The damaged copies are most of them: the verdicts compared are not all "sound".
    expect(damaged).toBeGreaterThan(mutants / 3);
  }, 600_000);

  it("leaves out a linearized file's hint tables, which --check reads", async () => {
    const file = await inWorkDir("stale-hints.pdf", await fs.readFile(corpus(STALE_HINTS)));
    expect(await qpdfCheckExit(file)).toBe(3);
    expect(await checkVerdict(file, ctx)).toBe(0);
  });

  it("says that a file which needs a password is encrypted", async () => {
    const file = await inWorkDir("locked.pdf", await fs.readFile(corpus(ENCRYPTED_PDF)));
    const verdict = checkVerdict(file, ctx);
    await expect(verdict).rejects.toBeInstanceOf(EngineFailure);
    await expect(verdict).rejects.toMatchObject({ kind: "encrypted" });
  });
});
