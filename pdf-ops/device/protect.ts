import type { ProtectOptions } from "../../catalog/options/security.js";
import { encryptionFromReport, encryptionQuery } from "../security/encryption-info.js";
import { planEncryption } from "../security/encryption-plan.js";
import { headerVersion, protectedName, protectMessage } from "../security/protect.js";
import { openOnDevice } from "./open.js";
import type { DeviceOperation } from "./operation.js";
import { IN, OUT, runQpdfJobOnDevice } from "./qpdf-wasm.js";

/** Protect PDF on the device: the server's qpdf job, then the file read back for the reply, as on the server. */
export const protectOnDevice: DeviceOperation<ProtectOptions> = async ({ files, options }, ctx) => {
  const qpdf = await ctx.engines.qpdf();
  const pdf = await openOnDevice(qpdf, files[0]!, 0, ctx.maxPages);
  const plan = planEncryption(options);
  const run = await runQpdfJobOnDevice(qpdf, { inputFile: pdf.path, outputFile: `${OUT}/protected.pdf`, ...plan.job }, new Map([[pdf.key, pdf.data]]));
  const data = run.read("protected.pdf");
  ctx.progress(0.7);
  const report = await runQpdfJobOnDevice(qpdf, encryptionQuery(`${IN}/protected.pdf`, plan.ownerPassword), new Map([["protected.pdf", data]]));
  const written = encryptionFromReport(report.stdout, plan.ownerPassword);
  ctx.progress(1);
  return { files: [{ name: protectedName(pdf.name), data }], message: protectMessage(options, plan, written, headerVersion(data), { name: pdf.name, repaired: false }) };
};
