import path from "node:path";
import { randomBytes } from "node:crypto";
import { advancedSecurityOptions, type UnlockOptions } from "../../catalog/options/security.js";
import { failedWith, IncorrectPasswordError, UserError } from "../errors.js";
import { runMupdf } from "../engines/mupdf/pool.js";
import { runQpdfJob } from "../engines/qpdf-job.js";
import { stemOf } from "../../pdf-ops/names.js";
import { describeCipher, readEncryption, type EncryptionInfo } from "../pdf/encryption-info.js";
import { PERMISSION_NAMES, planEncryption } from "../../pdf-ops/security/encryption-plan.js";
import { openPdfInput, repairNote } from "../pdf/pdf-input.js";
import type { InputFile, Processor, ProcessorContext, ToolResult } from "./types.js";

/**
 * unlock-pdf and decrypt-pdf. Unlike every other tool this one expects encrypted input, so it does its own
 * opening: qpdf first (it tells which password was given and what the file restricts), MuPDF's repairing parser
 * as the recovery path for files qpdf cannot read at all.
 */

type Access =
  | { kind: "plain" }
  | { kind: "unreadable" }
  | { kind: "encrypted"; info: EncryptionInfo; password?: string; givenPasswordWrong: boolean };

async function findAccess(file: InputFile, password: string, ctx: ProcessorContext): Promise<Access> {
  try {
    const info = await readEncryption(file.path, password, ctx);
    return info.encrypted ? { kind: "encrypted", info, password, givenPasswordWrong: false } : { kind: "plain" };
  } catch (err) {
    if (failedWith(err, "damaged", "crashed")) return { kind: "unreadable" };
    if (!failedWith(err, "wrong-password", "encrypted")) throw err;
  }
  // A wrong password; the file may still open without one (restricted by an owner password alone).
  try {
    const info = await readEncryption(file.path, undefined, ctx);
    return { kind: "encrypted", info, givenPasswordWrong: true };
  } catch (err) {
    if (failedWith(err, "wrong-password", "encrypted")) throw new IncorrectPasswordError();
    throw err;
  }
}

export const unlockPdf: Processor<UnlockOptions> = async ({ files, options }, ctx) => {
  const file = files[0]!;
  const { userPassword: password, unlockOptions: behaviour } = options;
  const access = await findAccess(file, password, ctx);
  ctx.progress(0.2);

  if (access.kind === "plain") {
    // Only to tell an unencrypted but unreadable file from a good one: the reply is the upload itself, or the copy
    // repaired on the way where the upload could not be used as it was.
    const pdf = await openPdfInput(file, ctx);
    if (pdf.repaired) {
      return {
        files: [{ path: pdf.path, name: file.name }],
        message: `This PDF is not password-protected. ${repairNote([pdf])}`,
      };
    }
    return { files: [{ path: file.path, name: file.name }], message: "This PDF is not password-protected, so it comes back unchanged." };
  }
  if (access.kind === "unreadable") return recoverWithMupdf(file, password, behaviour, ctx);

  const { info } = access;
  const restricted = Object.values(info.permissions!).some((allowed) => !allowed);
  const opensWithoutPassword = access.password === undefined;
  if (access.givenPasswordWrong && !behaviour.removeRestrictions) throw new IncorrectPasswordError();
  if (opensWithoutPassword && !behaviour.removeRestrictions) {
    return {
      files: [{ path: file.path, name: file.name }],
      message: "This PDF opens without a password and you chose to keep its restrictions, so it comes back unchanged.",
    };
  }

  const notes: string[] = [];
  let current = path.join(ctx.workDir, "decrypted.pdf");
  const { exitCode } = await runQpdfJob(
    {
      inputFile: file.path,
      outputFile: current,
      ...(access.password !== undefined ? { password: access.password } : {}),
      decrypt: "",
      // Decoded streams let other programs read the content directly, at the cost of size.
      ...(behaviour.forceDecode ? { streamData: "uncompress" } : {}),
    },
    ctx,
  );
  notes.push(
    access.givenPasswordWrong
      ? `The password did not match, but this PDF needs none to open: its ${describeCipher(info)} encryption and restrictions were removed.`
      : `The ${describeCipher(info)} encryption was removed with the ${access.info.suppliedPassword ?? "user"} password.`,
  );
  if (exitCode === 3) notes.push("Damaged parts of the file were repaired on the way.");
  if (behaviour.forceDecode) notes.push("Streams were written decoded (uncompressed), so the file is larger.");
  ctx.progress(0.6);

  if (!behaviour.preserveMetadata) {
    const next = path.join(ctx.workDir, "metadata-removed.pdf");
    await runMupdf("stripMetadata", { input: current, output: next }, ctx);
    current = next;
    notes.push("Document metadata was removed.");
  } else {
    notes.push("Metadata was kept.");
  }

  if (!behaviour.removeRestrictions && restricted) {
    const next = path.join(ctx.workDir, "restrictions-kept.pdf");
    notes.push(await keepRestrictions(current, next, info, access.password, ctx));
    current = next;
  } else if (restricted) {
    notes.push("Its restrictions were removed.");
  }
  return { files: [{ path: current, name: `${stemOf(file.name)}-unlocked.pdf` }], message: notes.join(" ") };
};

/**
 * Removes the open password but keeps the permissions, as the owner asked: re-encrypted with an empty user
 * password. The owner password is kept when it was the one given; otherwise nobody knows it, so a random one
 * takes its place and the reply says so.
 */
async function keepRestrictions(
  input: string,
  output: string,
  info: EncryptionInfo,
  password: string | undefined,
  ctx: ProcessorContext,
): Promise<string> {
  const ownerKnown = info.suppliedPassword === "owner" && password !== undefined;
  const plan = planEncryption({
    userPassword: "",
    ownerPassword: ownerKnown ? password : randomBytes(24).toString("base64url"),
    encryptionLevel: 256,
    encryptionAlgorithm: "aes",
    permissions: info.permissions!,
    advancedOptions: advancedSecurityOptions.parse({}),
  });
  await runQpdfJob({ inputFile: input, outputFile: output, ...plan.job }, ctx);
  const denied = Object.entries(info.permissions!)
    .filter(([, allowed]) => !allowed)
    .map(([key]) => PERMISSION_NAMES[key as keyof typeof PERMISSION_NAMES]);
  return `The file now opens without a password but keeps its restrictions (${denied.join(", ")} not allowed) with AES-256${
    ownerKnown ? "; your owner password still lifts them." : "; the owner password was not given, so they can no longer be lifted with it."
  }`;
}

async function recoverWithMupdf(
  file: InputFile,
  password: string,
  behaviour: UnlockOptions["unlockOptions"],
  ctx: ProcessorContext,
): Promise<ToolResult> {
  if (!behaviour.attemptRecovery) {
    throw new UserError(
      `This file is damaged and could not be read (${file.name}). Turn on "Attempt recovery" to try a more forgiving reader.`,
      422,
      "damaged",
    );
  }
  const out = path.join(ctx.workDir, "recovered.pdf");
  let result: { authenticated: number; pageCount: number };
  try {
    result = await runMupdf("unlockWithPassword", { input: file.path, output: out, password, keepMetadata: behaviour.preserveMetadata }, ctx);
  } catch (err) {
    if (failedWith(err, "damaged", "encrypted", "unsupported")) {
      throw new UserError(`This file is too damaged to recover (${file.name}).`, 422, "damaged");
    }
    throw err;
  }
  if (result.authenticated === 0) throw new IncorrectPasswordError();
  if (result.pageCount === 0) throw new UserError(`No pages could be recovered from this file (${file.name}).`, 422, "damaged");
  return {
    files: [{ path: out, name: `${stemOf(file.name)}-unlocked.pdf` }],
    message: [
      `The file was damaged; it was recovered (${result.pageCount} pages) and written without encryption or restrictions.`,
      behaviour.preserveMetadata ? "Metadata was kept." : "Document metadata was removed.",
    ].join(" "),
  };
}
