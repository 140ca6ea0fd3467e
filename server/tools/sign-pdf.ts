import fs from "node:fs/promises";
import path from "node:path";
import { SignPdf } from "@signpdf/signpdf";
import { SignPdfError } from "@signpdf/utils";
import type { SignOptions } from "../../catalog/options/sign.js";
import { InvalidOptionsError, UserError } from "../errors.js";
import type { SignatureBox } from "../../pdf-ops/sign/appearance.js";
import { drawVisibleSignature, planVisualSignature, signatureMark, signaturePageIndex, signedName, type SignatureAssets, type UploadedImage } from "../../pdf-ops/sign/visible.js";
import { openPdfInput } from "../pdf/pdf-input.js";
import { applyStamps, stampOnServer, stampTarget, visiblePageBoxes } from "../pdf/stamp.js";
import { readIdentity } from "../sign/certificate.js";
import { CmsSigner } from "../sign/cms-signer.js";
import type { SignatureProfile } from "../sign/cms.js";
import { addSignaturePlaceholder } from "../sign/placeholder.js";
import { serverSignatureFonts } from "../sign/fonts.js";
import { signatureImage } from "../sign/signature-image.js";
import { requestTimeStamp } from "../sign/time-stamp-client.js";
import type { InputFile, Processor } from "../work/types.js";
import { msg, type Message } from "../i18n/message.js";

/** The server's fonts and sharp's scaling for the shared drawing of visible signatures. */
const SERVER_ASSETS: SignatureAssets = { fonts: serverSignatureFonts, fitImage: signatureImage };

async function uploadedImage(file: InputFile | undefined): Promise<UploadedImage | undefined> {
  return file && { name: file.name, bytes: await fs.readFile(file.path), format: file.kind === "png" ? "png" : "jpeg" };
}

/** What each certificate level produces, said to the visitor. */
const PROFILE_OF_LEVEL: Record<SignOptions["certificateLevel"], SignatureProfile> = { basic: "pkcs7", advanced: "pades", qualified: "pades" };

/**
 * Signs a PDF. Drawn, typed and image signatures are drawn into the chosen page. A certificate adds a real
 * detached CMS signature over the whole file (pdfsig verifies it): plain PKCS#7 at the basic level, PAdES at the
 * advanced and qualified ones, time-stamped by the server's authority on request, optionally certifying the
 * document so that any later change breaks the signature.
 */
export const signPdf: Processor<SignOptions> = async ({ files, extra, options }, ctx) => {
  const pdf = await openPdfInput(files[0]!, ctx);
  const signedAt = new Date();
  const image = await uploadedImage(extra.signatureImage);
  if (options.signatureType !== "certificate") {
    return stampOnServer(pdf, await planVisualSignature(options, stampTarget(pdf, ctx), image, SERVER_ASSETS, signedAt), ctx);
  }
  const pageIndex = signaturePageIndex(options, pdf.pageCount);
  if (!extra.certificateFile) throw new InvalidOptionsError(msg("sign.certificateMissing"));
  const identity = await readIdentity(extra.certificateFile.path, options.certificatePassword, ctx.signal);
  const notes: Message[] = [];
  let current = pdf.path;

  let box: SignatureBox | undefined;
  if (options.visibleSignature) {
    const size = (await visiblePageBoxes(pdf, ctx))[pageIndex]!;
    const mark = await signatureMark(options, image, SERVER_ASSETS.fitImage, identity.name);
    const drawn = await drawVisibleSignature(options, size, mark, { name: identity.name, at: signedAt }, SERVER_ASSETS.fonts);
    box = drawn.box;
    notes.push(...drawn.notes);
    const stamped = path.join(ctx.workDir, "signature-drawn.pdf");
    await applyStamps(current, drawn.stamp, { targets: [pageIndex + 1], stampPages: [1] }, stamped, ctx);
    current = stamped;
  }
  ctx.progress(0.5);

  const profile = PROFILE_OF_LEVEL[options.certificateLevel];
  const authority = options.timeStamp ? ctx.timeStampAuthority : undefined;
  let stampedAt: Date | undefined;
  const prepared = await addSignaturePlaceholder(await fs.readFile(current), {
    page: pageIndex,
    box,
    name: identity.name,
    reason: options.signatureReason,
    signedAt,
    lock: options.lockPdfAfterSigning,
    profile,
    timeStamped: authority !== undefined,
  });
  const signer = new CmsSigner({
    identity,
    profile,
    timeStamp: authority
      ? async (signatureValue) => {
          const { token, time } = await requestTimeStamp(authority, signatureValue, ctx.signal);
          stampedAt = time;
          return token;
        }
      : undefined,
  });
  const signed = await new SignPdf().sign(prepared, signer, signedAt).catch((err: unknown) => {
    if (err instanceof SignPdfError && /exceeds placeholder/.test(err.message)) {
      throw new UserError(msg("certificate.tooLargeForSignature"), 422, "bad_certificate");
    }
    throw err;
  });
  const out = path.join(ctx.workDir, "signed.pdf");
  await fs.writeFile(out, signed);

  notes.unshift(identity.name ? msg(`sign.digitally.${profile}`, { name: identity.name }) : msg(`sign.digitallyUnnamed.${profile}`));
  if (stampedAt) {
    notes.push(msg(profile === "pades" ? "sign.timeStampedPades" : "sign.timeStamped", { time: stampedAt.toISOString().replace(/\.\d+Z$/, "Z") }));
  } else if (options.timeStamp) {
    notes.push(msg("sign.noTimeStampAuthority"));
  }
  if (options.lockPdfAfterSigning) notes.push(msg("sign.certified"));
  if (options.certificateLevel === "qualified") {
    notes.push(msg("sign.notQualified"));
  }
  return { files: [{ path: out, name: signedName(pdf.name) }], message: notes };
};
