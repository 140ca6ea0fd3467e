import type * as mupdf from "mupdf";
import { xmpFromPdfDate } from "../../lib/pdf-dates.js";
import { pdfaClaim, xmpPacket } from "../../lib/xmp-packet.js";
import { emptyDictionary, infoIsMisplaced, openPdf, savePdf } from "./documents.js";

/** A metadata packet larger than this is not a real one: its PDF/A claim is not looked for. */
const MAX_XMP_READ = 4 * 1024 * 1024;

const STANDARD_KEYS = new Set(["Title", "Author", "Subject", "Keywords", "Creator", "Producer", "CreationDate", "ModDate", "Trapped"]);

/** The Info dictionary's text entries, decoded (PDFDocEncoding or UTF-16). */
function infoEntries(info: mupdf.PDFObject): Record<string, string> {
  const entries: Record<string, string> = {};
  if (!info.isDictionary() || infoIsMisplaced(info)) return entries;
  info.forEach((value, key) => {
    if (value.isString()) entries[String(key)] = value.asString();
    else if (value.isName()) entries[String(key)] = value.asName();
  });
  return entries;
}


function oldXmp(root: mupdf.PDFObject): string {
  const stream = root.get("Metadata");
  if (!stream.isStream()) return "";
  try {
    const raw = stream.readStream();
    return raw.getLength() <= MAX_XMP_READ ? raw.asString() : "";
  } catch {
    // A packet that does not decode makes no claim.
    return "";
  }
}

export const metadataTasks = {
  /** The document information as it is, for the reply of a run that changes nothing. */
  readMetadata(args: { input: string }): { info: Record<string, string> } {
    const doc = openPdf(args.input);
    return { info: infoEntries(doc.getTrailer().get("Info")) };
  },

  /**
   * Sets document information entries (values in PDF's own forms: dates as "D:…"), removes custom entries given
   * as "", optionally clears everything first, and writes an XMP packet saying the same. The whole file is
   * rewritten, so no earlier revision keeps the old values.
   */
  editMetadata(args: { input: string; output: string; set: Record<string, string>; custom: Record<string, string>; removeAll: boolean }) {
    const doc = openPdf(args.input);
    const trailer = doc.getTrailer();
    const root = trailer.get("Root");
    const claim = pdfaClaim(oldXmp(root));
    let info = trailer.get("Info");
    if (args.removeAll && info.isDictionary() && !infoIsMisplaced(info)) emptyDictionary(info);
    if (!info.isDictionary() || infoIsMisplaced(info)) {
      info = doc.addObject(doc.newDictionary());
      trailer.put("Info", info);
    }
    for (const [key, value] of Object.entries(args.set)) info.put(key, doc.newString(value));
    for (const [key, value] of Object.entries(args.custom)) {
      if (value === "") info.delete(key);
      else info.put(key, doc.newString(value));
    }
    const final = infoEntries(info);
    if (Object.keys(final).length === 0 && args.removeAll) {
      trailer.delete("Info");
      root.delete("Metadata");
    } else {
      const custom = Object.fromEntries(Object.entries(final).filter(([key]) => !STANDARD_KEYS.has(key)));
      const packet = xmpPacket(
        {
          title: final.Title,
          author: final.Author,
          subject: final.Subject,
          keywords: final.Keywords,
          creator: final.Creator,
          producer: final.Producer,
          createDate: final.CreationDate ? xmpFromPdfDate(final.CreationDate) : undefined,
          modifyDate: final.ModDate ? xmpFromPdfDate(final.ModDate) : undefined,
          custom,
          ...(args.removeAll ? {} : { pdfaPart: claim.part, pdfaConformance: claim.conformance }),
        },
        new Date().toISOString().slice(0, 19) + "Z",
      );
      const stream = doc.addStream(new TextEncoder().encode(packet), {});
      stream.put("Type", doc.newName("Metadata"));
      stream.put("Subtype", doc.newName("XML"));
      root.put("Metadata", stream);
    }
    savePdf(doc, args.output, "garbage=compact,compress");
    return { info: final, xmp: root.get("Metadata").isStream() };
  },
};
