import type { Permissions, ProtectOptions } from "../../catalog/options/security.js";
import { stemOf } from "../names.js";
import { list, msg, type Message, type Said } from "../message.js";
import { repairNote } from "../repair-note.js";
import { describeCipher, type EncryptionInfo } from "./encryption-info.js";
import { permissionName, PERMISSIONS, type EncryptionPlan } from "./encryption-plan.js";

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
): Said {
  // Never hand out an unprotected file as protected.
  if (!written.encrypted || !written.permissions) throw new Error("qpdf wrote the protected file without encryption");
  const granted = written.permissions;
  const notes: Said[] = [...plan.notes];
  for (const key of PERMISSIONS) {
    if (options.permissions[key] !== granted[key]) {
      const values = { permission: permissionName(key), cipher: plan.cipherName };
      notes.push(options.permissions[key] ? msg("protect.notAllowed", values) : msg("protect.notRestricted", values));
    }
  }
  const allowed = listWhere(granted, true);
  const denied = listWhere(granted, false);
  // Empty notes ("") are left out when the reply is said.
  const summary: Said[] = [
    msg("protect.protected", { cipher: describeCipher(written), version: headerVersion }),
    allowed.length ? msg("protect.allowed", { permissions: list(allowed) }) : msg("protect.nothingAllowed"),
    denied.length ? msg("protect.denied", { permissions: list(denied) }) : "",
    options.advancedOptions.encryptMetadata ? "" : msg("protect.metadataReadable"),
    repairNote([pdf]) ?? "",
  ];
  return [...summary, ...notes];
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

function listWhere(permissions: Permissions, value: boolean): Message[] {
  return PERMISSIONS.filter((k) => permissions[k] === value).map(permissionName);
}
