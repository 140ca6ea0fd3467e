import { PDFArray, PDFDocument, PDFHexString, PDFName, PDFNumber, PDFString, type PDFPage, type PDFRef } from "@cantoo/pdf-lib";
import { DEFAULT_BYTE_RANGE_PLACEHOLDER, SUBFILTER_ADOBE_PKCS7_DETACHED, SUBFILTER_ETSI_CADES_DETACHED } from "@signpdf/utils";
import type { SignatureProfile } from "./cms.js";

/** Maps a box on the page as seen back into the page's own coordinates, undoing its /Rotate. */
function userSpaceRect(page: PDFPage, box: NonNullable<PlaceholderOptions["box"]>): number[] {
  const { x: cx, y: cy, width: cw, height: ch } = page.getCropBox();
  const angle = (((page.getRotation().angle % 360) + 360) % 360) as 0 | 90 | 180 | 270;
  const toUser = ([dx, dy]: [number, number]): [number, number] => {
    switch (angle) {
      case 90:
        return [cx + cw - dy, cy + dx];
      case 180:
        return [cx + cw - dx, cy + ch - dy];
      case 270:
        return [cx + dy, cy + ch - dx];
      default:
        return [cx + dx, cy + dy];
    }
  };
  const [ax, ay] = toUser([box.x, box.y]);
  const [bx, by] = toUser([box.x + box.width, box.y + box.height]);
  return [Math.min(ax, bx), Math.min(ay, by), Math.max(ax, bx), Math.max(ay, by)];
}

/**
 * Room for the CMS signature, in bytes: a 4096-bit key with a three-certificate chain fits with margin; a time-stamp
 * token brings the authority's signature and certificates too.
 */
const SIGNATURE_BYTES = 16_384;
const TIME_STAMPED_SIGNATURE_BYTES = 32_768;

export interface PlaceholderOptions {
  /** Zero-based page that carries the signature field. */
  page: number;
  /** The field's box on the page as seen (points from the bottom-left corner); absent for an invisible signature. */
  box?: { x: number; y: number; width: number; height: number };
  name: string;
  reason: string;
  signedAt: Date;
  /** Certify with DocMDP so that any later change invalidates the signature. */
  lock: boolean;
  profile: SignatureProfile;
  timeStamped: boolean;
}

/**
 * Adds a signature field whose value is a signature dictionary with room for the signature: a ByteRange to fill
 * in and a Contents string of zeros, which @signpdf/signpdf replaces once the byte ranges are hashed and signed.
 * With `lock`, the signature certifies the document (DocMDP, no changes permitted).
 */
export async function addSignaturePlaceholder(pdfBytes: Uint8Array, options: PlaceholderOptions): Promise<Buffer> {
  const doc = await PDFDocument.load(pdfBytes, { updateMetadata: false });
  const { context } = doc;
  const page = doc.getPage(options.page);
  const placeholder = PDFName.of(DEFAULT_BYTE_RANGE_PLACEHOLDER);

  const signature = context.obj({
    Type: "Sig",
    Filter: "Adobe.PPKLite",
    SubFilter: options.profile === "pades" ? SUBFILTER_ETSI_CADES_DETACHED : SUBFILTER_ADOBE_PKCS7_DETACHED,
    ByteRange: [PDFNumber.of(0), placeholder, placeholder, placeholder],
    Contents: PDFHexString.of("0".repeat((options.timeStamped ? TIME_STAMPED_SIGNATURE_BYTES : SIGNATURE_BYTES) * 2)),
    // Text strings as UTF-16 where they need it, so that a name or reason outside Latin-1 reads back as written.
    ...(options.reason.trim() ? { Reason: PDFHexString.fromText(options.reason.trim()) } : {}),
    Name: PDFHexString.fromText(options.name),
    // The signing time; a PAdES signature has it here only, not inside the CMS.
    M: PDFString.fromDate(options.signedAt),
  });
  if (options.lock) {
    signature.set(
      PDFName.of("Reference"),
      context.obj([
        {
          Type: "SigRef",
          TransformMethod: "DocMDP",
          TransformParams: { Type: "TransformParams", P: 1, V: "1.2" },
        },
      ]),
    );
  }
  const signatureRef = context.register(signature);

  const widget = context.obj({
    Type: "Annot",
    Subtype: "Widget",
    FT: "Sig",
    Rect: options.box ? userSpaceRect(page, options.box) : [0, 0, 0, 0],
    V: signatureRef,
    T: PDFString.of(`Signature${Date.now()}`),
    // Print flag; locked fields cannot be changed.
    F: 4 | 128,
    P: page.ref,
  });
  const widgetRef = context.register(widget);

  const annots = page.node.lookupMaybe(PDFName.of("Annots"), PDFArray);
  if (annots) annots.push(widgetRef);
  else page.node.set(PDFName.of("Annots"), context.obj([widgetRef]));

  const catalog = doc.catalog;
  const form = doc.getForm().acroForm;
  form.addField(widgetRef as PDFRef);
  // Signatures exist, and the file must only be appended to from now on.
  form.dict.set(PDFName.of("SigFlags"), PDFNumber.of(3));
  if (options.lock) catalog.set(PDFName.of("Perms"), context.obj({ DocMDP: signatureRef }));

  // The signer finds the placeholder by searching the bytes, so nothing may be compressed into object streams.
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}
