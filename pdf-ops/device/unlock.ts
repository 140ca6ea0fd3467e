import type { UnlockOptions } from "../../catalog/options/security.js";
import { UserError } from "../errors.js";
import { msg } from "../message.js";
import { encryptionFromReport, encryptionQuery } from "../security/encryption-info.js";
import { findUnlockAccess, NOT_PROTECTED, planUnlock, recoveryNotAsked, randomOwnerPassword, unlockedName, unlockMessage } from "../security/unlock.js";
import { answered, bytesOf, countPages } from "./open.js";
import type { DeviceOperation } from "./operation.js";
import { withoutMetadata } from "./outline.js";
import { IN, inputPath, OUT, QpdfSession } from "./qpdf-wasm.js";

/**
 * Unlock PDF on the device: the server's plan and qpdf jobs (pdf-ops/security/unlock.ts) on the WebAssembly qpdf,
 * MuPDF for the metadata. A file qpdf cannot read goes to the server, whose MuPDF recovers what it can.
 */
export const unlockOnDevice: DeviceOperation<UnlockOptions> = async ({ files, options }, ctx) => {
  const file = files[0]!;
  const { userPassword: password, unlockOptions: behaviour } = options;
  const data = await bytesOf(file.data);
  const path = inputPath("1.pdf");
  const session = new QpdfSession(await ctx.engines.qpdf(), new Map([["1.pdf", data]]));
  const access = await findUnlockAccess(async (given) => encryptionFromReport((await session.runJob(encryptionQuery(path, given))).stdout, given), password);
  ctx.progress(0.2);

  if (access.kind === "plain") {
    // As on the server: a file whose page tree must be rebuilt first goes there.
    await countPages(session, path, file.name, ctx.maxPages);
    return { files: [{ name: file.name, data }], message: NOT_PROTECTED };
  }
  if (access.kind === "unreadable") {
    if (!behaviour.attemptRecovery) throw recoveryNotAsked(file.name);
    throw new UserError(msg("common:device.recoveryOnServer", { name: file.name }), 422, "needs_repair");
  }

  const plan = planUnlock(access, behaviour, randomOwnerPassword);
  if (plan.kind === "unchanged") return { files: [{ name: file.name, data }], message: plan.message };

  const decrypted = await answered(file.name, () =>
    session.runJob({ inputFile: path, outputFile: `${OUT}/decrypted.pdf`, ...plan.job }, { expectedOutput: { name: "decrypted.pdf", bytes: data.length } }),
  );
  let result = decrypted.take("decrypted.pdf");
  ctx.progress(0.6);
  if (plan.stripMetadata) result = withoutMetadata(await ctx.engines.mupdf(), result);
  if (plan.keepRestrictions) {
    session.addInput("decrypted.pdf", result);
    const kept = await session.runJob(
      { inputFile: `${IN}/decrypted.pdf`, outputFile: `${OUT}/restricted.pdf`, ...plan.keepRestrictions.plan.job },
      { expectedOutput: { name: "restricted.pdf", bytes: result.length } },
    );
    result = kept.take("restricted.pdf");
  }
  ctx.progress(1);
  return { files: [{ name: unlockedName(file.name), data: result }], message: unlockMessage(plan, decrypted.exitCode, behaviour.forceDecode) };
};
