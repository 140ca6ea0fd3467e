import fs from "node:fs/promises";
import path from "node:path";
import type { ProtectOptions } from "../../catalog/options/security.js";
import { planEncryption } from "../../pdf-ops/security/encryption-plan.js";
import { headerVersion, protectedName, protectMessage } from "../../pdf-ops/security/protect.js";
import { runQpdfJob } from "../engines/qpdf-job.js";
import { readEncryption } from "../pdf/encryption-info.js";
import { openPdfInput } from "../pdf/pdf-input.js";
import type { Processor } from "../work/types.js";

/** protect-pdf and encrypt-pdf: qpdf encrypts, then reads the result back for the reply (see protectMessage). */
export const protectPdf: Processor<ProtectOptions> = async ({ files, options }, ctx) => {
  const pdf = await openPdfInput(files[0]!, ctx, { check: true });
  const plan = planEncryption(options);
  const out = path.join(ctx.workDir, "protected.pdf");
  await runQpdfJob({ inputFile: pdf.path, outputFile: out, ...plan.job }, ctx);
  ctx.progress(0.7);
  const written = await readEncryption(out, plan.ownerPassword, ctx);
  return {
    files: [{ path: out, name: protectedName(pdf.name), copiedByQpdfFrom: [pdf.path] }],
    message: protectMessage(options, plan, written, await readHeaderVersion(out), pdf),
  };
};

async function readHeaderVersion(file: string): Promise<string> {
  const handle = await fs.open(file, "r");
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(16), 0, 16, 0);
    return headerVersion(buffer.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
}
