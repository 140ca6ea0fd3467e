import type { EngineContext } from "../engines/context.js";
import { runQpdfJob } from "../engines/qpdf-job.js";
import { encryptionFromReport, encryptionQuery, type EncryptionInfo } from "../../pdf-ops/security/encryption-info.js";

export { describeCipher, type EncryptionInfo } from "../../pdf-ops/security/encryption-info.js";

/** Reads a file's encryption with the given password (or none); see encryptionFromReport for the failures. */
export async function readEncryption(file: string, password: string | undefined, ctx: EngineContext): Promise<EncryptionInfo> {
  const { stdout } = await runQpdfJob(encryptionQuery(file, password), ctx);
  return encryptionFromReport(stdout, password);
}
