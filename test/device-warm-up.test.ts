import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import type { QpdfEngine, QpdfFactory } from "../pdf-ops/device/qpdf-wasm.js";
import { warmUpPdf, warmUpQpdf } from "../pdf-ops/device/warm-up.js";
import { nodeDeviceEngines } from "./helpers/device-engines.js";
import { tempDir } from "./helpers/pdf-tools.js";

const exec = promisify(execFile);

/** The device's qpdf, counting the runs its instances are given. */
async function countingQpdf(): Promise<{ engine: QpdfEngine; runs: () => number }> {
  const real = await nodeDeviceEngines.qpdf();
  let runs = 0;
  const factory: QpdfFactory = async (options) => {
    const instance = await real.factory(options);
    const callMain = instance.callMain.bind(instance);
    instance.callMain = (args) => {
      runs++;
      return callMain(args);
    };
    return instance;
  };
  return { engine: { ...real, factory }, runs: () => runs };
}

describe("qpdf's warm-up on the device", () => {
  it("makes a PDF that qpdf finds sound, with the pages asked for", async () => {
    const dir = await tempDir();
    const file = path.join(dir, "warm-up.pdf");
    await fs.writeFile(file, warmUpPdf(12));
    await exec("qpdf", ["--check", file]);
    const { stdout } = await exec("pdfinfo", [file]);
    expect(stdout).toMatch(/^Pages:\s+12$/m);
    const { stdout: text } = await exec("pdftotext", ["-f", "12", "-l", "12", file, "-"]);
    expect(text.trim()).toBe("Page 12");
  });

  it("runs qpdf a few times, each run succeeding", async () => {
    const { engine, runs } = await countingQpdf();
    await warmUpQpdf(engine, () => true);
    expect(runs()).toBe(3);
  });

  it("stops when it is no longer wanted (the visitor's run has started)", async () => {
    const { engine, runs } = await countingQpdf();
    let asked = 0;
    await warmUpQpdf(engine, () => ++asked <= 1);
    expect(runs()).toBe(1);
    const { engine: unwanted, runs: none } = await countingQpdf();
    await warmUpQpdf(unwanted, () => false);
    expect(none()).toBe(0);
  });
});
