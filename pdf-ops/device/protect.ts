import type { ProtectOptions } from "../../catalog/options/security.js";
import { encryptionFromReport, encryptionQuery } from "../security/encryption-info.js";
import { planEncryption } from "../security/encryption-plan.js";
import { headerVersion, protectedName, protectMessage } from "../security/protect.js";
import { openOneOnDevice } from "./open.js";
import type { DeviceOperation } from "./operation.js";
import { IN, OUT } from "./qpdf-wasm.js";

/** Protect PDF on the device: the server's qpdf job, then the file read back for the reply, as on the server. */
export const protectOnDevice: DeviceOperation<ProtectOptions> = async ({ files, options }, ctx) => {
  const { session, pdf } = await openOneOnDevice(files[0]!, ctx);
  const plan = planEncryption(options);
  const run = await session.runJob(
    { inputFile: pdf.path, outputFile: `${OUT}/protected.pdf`, ...plan.job },
    { expectedOutput: { name: "protected.pdf", bytes: pdf.data.length } },
  );
  const data = run.take("protected.pdf");
  ctx.progress(0.7);
  session.addInput("protected.pdf", data);
  const report = await session.runJob(encryptionQuery(`${IN}/protected.pdf`, plan.ownerPassword));
  const written = encryptionFromReport(report.stdout, plan.ownerPassword);
  ctx.progress(1);
  return { files: [{ name: protectedName(pdf.name), data }], message: protectMessage(options, plan, written, headerVersion(data), { name: pdf.name, repaired: false }) };
};
