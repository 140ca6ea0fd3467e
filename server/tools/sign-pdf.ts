import fs from "node:fs/promises";
import path from "node:path";
import { PDFDocument } from "@cantoo/pdf-lib";
import { SignPdf } from "@signpdf/signpdf";
import { SignPdfError } from "@signpdf/utils";
import type { SignOptions } from "../../catalog/options/sign.js";
import { InvalidOptionsError, UserError } from "../errors.js";
import { stemOf } from "../../pdf-ops/names.js";
import { openPdfInput } from "../pdf/pdf-input.js";
import { applyStamps, visiblePageBoxes } from "../pdf/stamp.js";
import { drawSignature, placeSignature, type SignatureMark } from "../sign/appearance.js";
import { readIdentity, type SigningIdentity } from "../sign/certificate.js";
import { CmsSigner } from "../sign/cms-signer.js";
import type { SignatureProfile } from "../sign/cms.js";
import { addSignaturePlaceholder } from "../sign/placeholder.js";
import { signatureImage } from "../sign/signature-image.js";
import { requestTimeStamp } from "../sign/time-stamp-client.js";
import type { InputFile, Processor } from "../work/types.js";
import { msg, type Message } from "../i18n/message.js";

const PNG_DATA_URL = "data:image/png;base64,";

/** The mark the visible signature shows, from whichever of the drawing, typed name or image the visitor gave. */
async function markFor(options: SignOptions, image: InputFile | undefined, identity: SigningIdentity | undefined): Promise<SignatureMark> {
  const drawn = options.drawSignatureData?.startsWith(PNG_DATA_URL) ? Buffer.from(options.drawSignatureData.slice(PNG_DATA_URL.length), "base64") : undefined;
  const typed = options.typedName?.trim();
  const drawnMark = async (bytes: Buffer): Promise<SignatureMark> => ({ kind: "image", ...(await signatureImage({ bytes, format: "png" }, "the drawn signature")) });
  const imageMark = async (file: InputFile): Promise<SignatureMark> => ({
    kind: "image",
    ...(await signatureImage({ bytes: await fs.readFile(file.path), format: file.kind === "png" ? "png" : "jpeg" }, file.name)),
  });
  switch (options.signatureType) {
    case "draw":
      return drawnMark(drawn!);
    case "type":
      return { kind: "text", text: typed! };
    case "image":
      if (!image) throw new InvalidOptionsError(msg("sign.imageMissing"));
      return imageMark(image);
    case "certificate":
      // A certificate signature can show a drawing, an image or a typed name; otherwise the certificate's name.
      if (drawn) return drawnMark(drawn);
      if (image) return imageMark(image);
      return { kind: "text", text: typed || identity?.name || "Signed" };
  }
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
  const pageIndex = options.signaturePage === "last" ? pdf.pageCount - 1 : options.signaturePage - 1;
  if (pageIndex >= pdf.pageCount) {
    throw new InvalidOptionsError(msg("sign.pageOutOfRange", { count: pdf.pageCount }));
  }
  const certificate = options.signatureType === "certificate";
  if (certificate && !extra.certificateFile) throw new InvalidOptionsError(msg("sign.certificateMissing"));
  const identity = certificate ? await readIdentity(extra.certificateFile!.path, options.certificatePassword, ctx.signal) : undefined;
  const signedAt = new Date();
  const notes: Message[] = [];
  const stem = stemOf(pdf.name);
  let current = pdf.path;

  let box: ReturnType<typeof placeSignature> | undefined;
  if (options.visibleSignature) {
    const size = (await visiblePageBoxes(pdf, ctx))[pageIndex]!;
    box = placeSignature(options, size.width, size.height);
    const stamp = await PDFDocument.create();
    const page = stamp.addPage([size.width, size.height]);
    const mark = await markFor(options, extra.signatureImage, identity);
    const name = options.signatureType === "type" ? options.typedName?.trim() : identity?.name;
    notes.push(...(await drawSignature(stamp, page, box, mark, options, { name, at: signedAt })));
    const stamped = path.join(ctx.workDir, "signature-drawn.pdf");
    await applyStamps(current, stamp, { targets: [pageIndex + 1], stampPages: [1] }, stamped, ctx);
    current = stamped;
  } else if (!certificate) {
    throw new InvalidOptionsError(msg("sign.invisibleNeedsCertificate"));
  }
  ctx.progress(0.5);

  if (!identity) {
    notes.unshift(msg(`sign.signed.${options.signatureType}`, { page: pageIndex + 1 }));
    if (options.lockPdfAfterSigning) {
      notes.push(msg("sign.lockNeedsCertificate"));
    }
    if (options.timeStamp) notes.push(msg("sign.timeStampNeedsCertificate"));
    return { files: [{ path: current, name: `${stem}-signed.pdf` }], message: notes };
  }

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
  return { files: [{ path: out, name: `${stem}-signed.pdf` }], message: notes };
};
