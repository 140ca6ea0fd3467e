import path from "node:path";
import type { UnlockOptions } from "../../catalog/options/security.js";
import { failedWith, IncorrectPasswordError, UserError } from "../errors.js";
import { runMupdf } from "../engines/mupdf/pool.js";
import { runQpdfJob } from "../engines/qpdf-job.js";
import { readEncryption } from "../pdf/encryption-info.js";
import { findUnlockAccess, NOT_PROTECTED, recoveryNotAsked, NOT_PROTECTED_REPAIRED, planUnlock, randomOwnerPassword, unlockedName, unlockMessage } from "../../pdf-ops/security/unlock.js";
import { openPdfInput, repairNote } from "../pdf/pdf-input.js";
import type { InputFile, Processor, ProcessorContext, ToolResult } from "../work/types.js";
import { countOfPages, msg } from "../i18n/message.js";

/**
 * unlock-pdf and decrypt-pdf. Unlike every other tool this one expects encrypted input, so it does its own
 * opening: qpdf first (it tells which password was given and what the file restricts), MuPDF's repairing parser
 * as the recovery path for files qpdf cannot read at all. The plan and the reply are pdf-ops/security/unlock.ts.
 */
export const unlockPdf: Processor<UnlockOptions> = async ({ files, options }, ctx) => {
  const file = files[0]!;
  const { userPassword: password, unlockOptions: behaviour } = options;
  const access = await findUnlockAccess((given) => readEncryption(file.path, given, ctx), password);
  ctx.progress(0.2);

  if (access.kind === "plain") {
    // Only to tell an unencrypted but unreadable file from a good one: the reply is the upload itself, or the copy
    // repaired on the way where the upload could not be used as it was.
    const pdf = await openPdfInput(file, ctx);
    if (pdf.repaired) return { files: [{ path: pdf.path, name: file.name }], message: [NOT_PROTECTED_REPAIRED, repairNote([pdf]) ?? ""] };
    return { files: [{ path: file.path, name: file.name }], message: NOT_PROTECTED };
  }
  if (access.kind === "unreadable") return recoverWithMupdf(file, password, behaviour, ctx);

  const plan = planUnlock(access, behaviour, randomOwnerPassword);
  if (plan.kind === "unchanged") return { files: [{ path: file.path, name: file.name }], message: plan.message };

  let current = path.join(ctx.workDir, "decrypted.pdf");
  const { exitCode } = await runQpdfJob({ inputFile: file.path, outputFile: current, ...plan.job }, ctx);
  ctx.progress(0.6);
  if (plan.stripMetadata) {
    const next = path.join(ctx.workDir, "metadata-removed.pdf");
    await runMupdf("stripMetadata", { input: current, output: next }, ctx);
    current = next;
  }
  if (plan.keepRestrictions) {
    const next = path.join(ctx.workDir, "restrictions-kept.pdf");
    await runQpdfJob({ inputFile: current, outputFile: next, ...plan.keepRestrictions.plan.job }, ctx);
    current = next;
  }
  return { files: [{ path: current, name: unlockedName(file.name) }], message: unlockMessage(plan, exitCode, behaviour.forceDecode) };
};

async function recoverWithMupdf(
  file: InputFile,
  password: string,
  behaviour: UnlockOptions["unlockOptions"],
  ctx: ProcessorContext,
): Promise<ToolResult> {
  if (!behaviour.attemptRecovery) {
    throw recoveryNotAsked(file.name);
  }
  const out = path.join(ctx.workDir, "recovered.pdf");
  let result: { authenticated: number; pageCount: number };
  try {
    result = await runMupdf("unlockWithPassword", { input: file.path, output: out, password, keepMetadata: behaviour.preserveMetadata }, ctx);
  } catch (err) {
    if (failedWith(err, "damaged", "encrypted", "unsupported")) {
      throw new UserError(msg("unlock.tooDamaged", { name: file.name }), 422, "damaged");
    }
    throw err;
  }
  if (result.authenticated === 0) throw new IncorrectPasswordError();
  if (result.pageCount === 0) throw new UserError(msg("unlock.noPages", { name: file.name }), 422, "damaged");
  return {
    files: [{ path: out, name: unlockedName(file.name) }],
    message: [
      msg("unlock.recovered", { pages: countOfPages(result.pageCount) }),
      msg(behaviour.preserveMetadata ? "unlock.metadataKept" : "results.metadataRemoved"),
    ],
  };
}
