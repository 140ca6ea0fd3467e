import type { Permissions, ProtectOptions } from "../../catalog/options/security.js";
import { stemOf } from "../names.js";
import { repairNote } from "../repair-note.js";
import { describeCipher, type EncryptionInfo } from "./encryption-info.js";
import { PERMISSION_NAMES, type EncryptionPlan } from "./encryption-plan.js";

/**
 * protect-pdf's reply, from what the written file really allows (read back with qpdf), not from what was asked for:
 * some ciphers cannot restrict every permission.
 */
export function protectMessage(
  options: ProtectOptions,
  plan: EncryptionPlan,
  written: EncryptionInfo,
  headerVersion: string,
  pdf: { name: string; repaired: boolean },
): string {
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
  const allowed = listWhere(granted, true);
  const denied = listWhere(granted, false);
  const summary = [
    `Protected with ${describeCipher(written)} as PDF ${headerVersion}.`,
    allowed.length ? `Allowed: ${allowed.join(", ")}.` : "Nothing beyond reading is allowed.",
    denied.length ? `Not allowed: ${denied.join(", ")}.` : "",
    options.advancedOptions.encryptMetadata ? "" : "Metadata stays readable without the password.",
    repairNote([pdf]) ?? "",
  ].filter(Boolean);
  return [...summary, ...notes].join(" ");
}

export function protectedName(name: string): string {
  return `${stemOf(name)}-protected.pdf`;
}

/** The version in a file's "%PDF-x.y" header (its first bytes), which is what readers go by. */
export function headerVersion(start: Uint8Array): string {
  let text = "";
  for (const byte of start.subarray(0, 16)) text += String.fromCharCode(byte);
  return /%PDF-(\d\.\d)/.exec(text)?.[1] ?? "unknown";
}

function listWhere(permissions: Permissions, value: boolean): string[] {
  return (Object.keys(PERMISSION_NAMES) as Array<keyof Permissions>).filter((k) => permissions[k] === value).map((k) => PERMISSION_NAMES[k]);
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
