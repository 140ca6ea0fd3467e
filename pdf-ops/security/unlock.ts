import { advancedSecurityOptions, type UnlockOptions } from "../../catalog/options/security.js";
import { failedWith, IncorrectPasswordError, UserError } from "../errors.js";
import { stemOf } from "../names.js";
import type { QpdfJob } from "../qpdf-args.js";
import { describeCipher, type EncryptionInfo } from "./encryption-info.js";
import { permissionName, PERMISSIONS, planEncryption, type EncryptionPlan } from "./encryption-plan.js";
import { list, msg, type Message } from "../message.js";

/**
 * unlock-pdf and decrypt-pdf, wherever qpdf runs: which password opens the file, the qpdf jobs that decrypt it (and
 * encrypt it again where its restrictions are kept), and the sentences of the reply.
 */

type Behaviour = UnlockOptions["unlockOptions"];

export type UnlockAccess =
  | { kind: "plain" }
  | { kind: "unreadable" }
  | { kind: "encrypted"; info: EncryptionInfo; password?: string; givenPasswordWrong: boolean };

/** Reads a file's encryption opened with a password, or with none (qpdf's --show-encryption). */
export type EncryptionReader = (password: string | undefined) => Promise<EncryptionInfo>;

export async function findUnlockAccess(read: EncryptionReader, password: string): Promise<UnlockAccess> {
  try {
    const info = await read(password);
    return info.encrypted ? { kind: "encrypted", info, password, givenPasswordWrong: false } : { kind: "plain" };
  } catch (err) {
    if (failedWith(err, "damaged", "crashed")) return { kind: "unreadable" };
    if (!failedWith(err, "wrong-password", "encrypted")) throw err;
  }
  // A wrong password; the file may still open without one (restricted by an owner password alone).
  try {
    const info = await read(undefined);
    return { kind: "encrypted", info, givenPasswordWrong: true };
  } catch (err) {
    if (failedWith(err, "wrong-password", "encrypted")) throw new IncorrectPasswordError();
    throw err;
  }
}

/** A file qpdf cannot read, where the visitor did not ask for MuPDF's more forgiving reading. */
export function recoveryNotAsked(name: string): UserError {
  return new UserError(msg("unlock.damaged", { name }), 422, "damaged");
}

export const NOT_PROTECTED = msg("unlock.notProtected");
export const NOT_PROTECTED_REPAIRED = msg("unlock.notProtectedRepaired");
export const KEPT_UNCHANGED = msg("unlock.restrictionsKeptUnchanged");

export type UnlockPlan =
  | { kind: "unchanged"; message: Message }
  | {
      kind: "decrypt";
      /** The decrypting job, without its input and output files. */
      job: QpdfJob;
      /** What the reply says of the decryption. */
      notes: Message[];
      stripMetadata: boolean;
      /** The encryption that keeps the file's restrictions, and what the reply says of it. */
      keepRestrictions?: { plan: EncryptionPlan; note: Message };
      restrictionsRemoved: boolean;
    };

/** What to do with an encrypted file; `randomPassword` makes an owner password nobody knows, where one is needed. */
export function planUnlock(access: UnlockAccess & { kind: "encrypted" }, behaviour: Behaviour, randomPassword: () => string): UnlockPlan {
  const { info } = access;
  const restricted = Object.values(info.permissions!).some((allowed) => !allowed);
  if (access.givenPasswordWrong && !behaviour.removeRestrictions) throw new IncorrectPasswordError();
  if (access.password === undefined && !behaviour.removeRestrictions) return { kind: "unchanged", message: KEPT_UNCHANGED };
  const notes = [
    access.givenPasswordWrong
      ? msg("unlock.passwordNotNeeded", { cipher: describeCipher(info) })
      : msg(info.suppliedPassword === "owner" ? "unlock.removedWithOwner" : "unlock.removedWithUser", { cipher: describeCipher(info) }),
  ];
  const job: QpdfJob = {
    ...(access.password !== undefined ? { password: access.password } : {}),
    decrypt: "",
    // Decoded streams let other programs read the content directly, at the cost of size.
    ...(behaviour.forceDecode ? { streamData: "uncompress" } : {}),
  };
  const keep = !behaviour.removeRestrictions && restricted;
  return {
    kind: "decrypt",
    job,
    notes,
    stripMetadata: !behaviour.preserveMetadata,
    ...(keep ? { keepRestrictions: restrictionsKept(info, access.password, randomPassword) } : {}),
    restrictionsRemoved: restricted && !keep,
  };
}

/** The reply's sentences after the decryption, in the order the work was done. */
export function unlockMessage(plan: UnlockPlan & { kind: "decrypt" }, qpdfExitCode: number, forceDecode: boolean): Message[] {
  const notes = [...plan.notes];
  if (qpdfExitCode === 3) notes.push(msg("unlock.repairedParts"));
  if (forceDecode) notes.push(msg("unlock.decoded"));
  notes.push(plan.stripMetadata ? msg("results.metadataRemoved") : msg("unlock.metadataKept"));
  if (plan.keepRestrictions) notes.push(plan.keepRestrictions.note);
  else if (plan.restrictionsRemoved) notes.push(msg("unlock.restrictionsRemoved"));
  return notes;
}

/**
 * Removes the open password but keeps the permissions, as the owner asked: encrypted again with an empty user
 * password. The owner password is kept when it was the one given; otherwise nobody knows it, so a random one takes
 * its place and the reply says so.
 */
function restrictionsKept(info: EncryptionInfo, password: string | undefined, randomPassword: () => string): { plan: EncryptionPlan; note: Message } {
  const ownerKnown = info.suppliedPassword === "owner" && password !== undefined;
  const plan = planEncryption({
    userPassword: "",
    ownerPassword: ownerKnown ? password : randomPassword(),
    encryptionLevel: 256,
    encryptionAlgorithm: "aes",
    permissions: info.permissions!,
    advancedOptions: advancedSecurityOptions.parse({}),
  });
  const denied = list(PERMISSIONS.filter((key) => !info.permissions![key]).map(permissionName));
  const note = msg(ownerKnown ? "unlock.restrictionsKeptOwner" : "unlock.restrictionsKeptNoOwner", { denied });
  return { plan, note };
}

/** 24 random bytes as base64url (a multiple of three bytes, so without padding): an owner password nobody knows. */
export function randomOwnerPassword(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_");
}

export function unlockedName(name: string): string {
  return `${stemOf(name)}-unlocked.pdf`;
}
