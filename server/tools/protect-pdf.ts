import fs from "node:fs/promises";
import path from "node:path";
import type { Permissions, ProtectOptions } from "../../catalog/options/security.js";
import { runQpdfJob } from "../engines/qpdf-job.js";
import { stemOf } from "../../pdf-ops/names.js";
import { describeCipher, readEncryption } from "../pdf/encryption-info.js";
import { PERMISSION_NAMES, planEncryption } from "../pdf/encryption-plan.js";
import { openPdfInput, repairNote } from "../pdf/pdf-input.js";
import type { Processor } from "./types.js";

/**
 * protect-pdf and encrypt-pdf. qpdf encrypts; the result is then read back with qpdf so that the reply states
 * what the file really allows, not what was asked for (some ciphers cannot restrict every permission).
 */
export const protectPdf: Processor<ProtectOptions> = async ({ files, options }, ctx) => {
  const pdf = await openPdfInput(files[0]!, ctx, { check: true });
  const plan = planEncryption(options);
  const out = path.join(ctx.workDir, "protected.pdf");
  await runQpdfJob({ inputFile: pdf.path, outputFile: out, ...plan.job }, ctx);
  ctx.progress(0.7);

  const written = await readEncryption(out, plan.ownerPassword, ctx);
  // Never hand out an unprotected file as protected.
  if (!written.encrypted || !written.permissions) throw new Error("qpdf wrote the protected file without encryption");
  const granted = written.permissions;
  const notes = [...plan.notes];
  for (const key of Object.keys(PERMISSION_NAMES) as Array<keyof Permissions>) {
    if (options.permissions[key] !== granted[key]) {
      notes.push(
        `${capitalise(PERMISSION_NAMES[key])} could not be ${options.permissions[key] ? "allowed" : "restricted"} with ${plan.cipherName}: it stays ${granted[key] ? "allowed" : "not allowed"}.`,
      );
    }
  }
  const header = await readHeaderVersion(out);
  const allowed = listWhere(granted, true);
  const denied = listWhere(granted, false);
  const summary = [
    `Protected with ${describeCipher(written)} as PDF ${header}.`,
    allowed.length ? `Allowed: ${allowed.join(", ")}.` : "Nothing beyond reading is allowed.",
    denied.length ? `Not allowed: ${denied.join(", ")}.` : "",
    options.advancedOptions.encryptMetadata ? "" : "Metadata stays readable without the password.",
    repairNote([pdf]) ?? "",
  ].filter(Boolean);
  return {
    files: [{ path: out, name: `${stemOf(pdf.name)}-protected.pdf`, copiedByQpdfFrom: [pdf.path] }],
    message: [...summary, ...notes].join(" "),
  };
};

function listWhere(permissions: Permissions, value: boolean): string[] {
  return (Object.keys(PERMISSION_NAMES) as Array<keyof Permissions>).filter((k) => permissions[k] === value).map((k) => PERMISSION_NAMES[k]);
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The version in the file's "%PDF-x.y" header, which is what readers go by. */
async function readHeaderVersion(file: string): Promise<string> {
  const handle = await fs.open(file, "r");
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(16), 0, 16, 0);
    return /%PDF-(\d\.\d)/.exec(buffer.subarray(0, bytesRead).toString("latin1"))?.[1] ?? "unknown";
  } finally {
    await handle.close();
  }
}
