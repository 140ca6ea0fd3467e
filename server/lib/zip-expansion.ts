import yauzl from "yauzl";
import { UserError } from "../errors.js";
import { msg, type Message } from "../i18n/message.js";
import { OFFICE_ZIP_LIMITS } from "./content-limits.js";
import { XmlTagCounter } from "./xml-tag-counter.js";

/**
 * Office files in ZIP containers (DOCX, XLSX, PPTX, ODT…) are unpacked by LibreOffice in full. A "zip bomb" of a
 * few kilobytes can unpack to gigabytes, and a few kilobytes of XML can hold millions of empty paragraphs that
 * keep the office busy for minutes, so before the office sees one its entries are inflated here once: real bytes
 * are counted (the declared sizes are not trusted: yauzl fails an entry whose data is longer than declared) and
 * the XML parts' elements are counted as they stream past. The check fails closed: a container this reader cannot
 * go through is refused, never passed on. Entry names are kept as raw bytes: a name like `../../x` or `C:\x` is
 * only a name here (nothing is written to disk), and must not stop the inspection.
 */

export type ZipExpansionLimits = { readonly [K in keyof typeof OFFICE_ZIP_LIMITS]: number };

const MB = 1024 * 1024;

class Refused extends Error {
  constructor(readonly sentence: (name: string) => Message) {
    super("refused");
  }
}

const refusals = (limits: ZipExpansionLimits) => ({
  total: new Refused((name) => msg("zip.unpacksTo", { name, megabytes: Math.round(limits.maxTotalBytes / MB) })),
  entries: new Refused((name) => msg("zip.tooManyParts", { name, max: limits.maxEntries })),
  part: new Refused((name) => msg("zip.partTooLarge", { name, megabytes: Math.round(limits.maxPartBytes / MB) })),
  ratio: new Refused((name) => msg("zip.packedTooTightly", { name, ratio: limits.maxRatio })),
  paragraphs: new Refused((name) => msg("zip.tooManyParagraphs", { name, max: limits.maxParagraphs })),
  elements: new Refused((name) => msg("zip.tooManyElements", { name, max: limits.maxElements })),
});

export async function checkZipExpansion(file: string, name: string, limits: ZipExpansionLimits = OFFICE_ZIP_LIMITS): Promise<void> {
  const refuse = refusals(limits);
  try {
    // The declared sizes first, which costs nothing: most bombs say what they are.
    await walkEntries(file, limits, refuse, false);
    await walkEntries(file, limits, refuse, true);
  } catch (err) {
    if (err instanceof Refused) throw new UserError(err.sentence(name), 413, "zip_bomb");
    // yauzl's word for data longer than its entry declares: the sizes were forged to hide the real ones.
    if (err instanceof Error && /too many bytes in the stream/.test(err.message)) throw new UserError(refuse.total.sentence(name), 413, "zip_bomb");
    throw new UserError(msg("zip.damaged", { name }), 422, "damaged");
  }
}

/** Whether the raw entry name ends with `suffix` (ASCII), without decoding it. */
function endsWith(raw: Buffer | string, suffix: string): boolean {
  const bytes = typeof raw === "string" ? Buffer.from(raw) : raw;
  return bytes.length >= suffix.length && bytes.subarray(bytes.length - suffix.length).toString("latin1").toLowerCase() === suffix;
}

/** Goes through the entries, adding up their declared sizes, or with `inflate` the bytes they really hold. */
function walkEntries(file: string, limits: ZipExpansionLimits, refuse: ReturnType<typeof refusals>, inflate: boolean): Promise<void> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true, autoClose: true, decodeStrings: false, validateEntrySizes: true }, (openErr, zip) => {
      if (openErr || !zip) return reject(openErr ?? new Error("unreadable zip"));
      let total = 0;
      let entries = 0;
      let failed = false;
      const xml = new XmlTagCounter();
      const fail = (err: Error) => {
        if (failed) return;
        failed = true;
        zip.close();
        reject(err);
      };
      if (zip.entryCount > limits.maxEntries) return fail(refuse.entries);
      zip.on("error", fail);
      zip.on("end", () => {
        if (!failed) resolve();
      });
      zip.on("entry", (entry: yauzl.Entry) => {
        if (failed) return;
        if (++entries > limits.maxEntries) return fail(refuse.entries);
        if (entry.uncompressedSize > limits.maxPartBytes) return fail(refuse.part);
        if (total + entry.uncompressedSize > limits.maxTotalBytes) return fail(refuse.total);
        if (!inflate) {
          total += entry.uncompressedSize;
          return zip.readEntry();
        }
        if (endsWith(entry.fileName, "/")) return zip.readEntry();
        const countXml = endsWith(entry.fileName, ".xml");
        zip.openReadStream(entry, (streamErr, stream) => {
          if (streamErr || !stream) return fail(streamErr ?? new Error("unreadable entry"));
          let part = 0;
          const packed = Math.max(1, entry.compressedSize);
          xml.startPart();
          stream.on("data", (chunk: Buffer) => {
            if (failed) return;
            part += chunk.length;
            total += chunk.length;
            let refusal: Refused | undefined;
            if (total > limits.maxTotalBytes) refusal = refuse.total;
            else if (part > limits.maxPartBytes) refusal = refuse.part;
            else if (part > limits.ratioCheckedFromBytes && part / packed > limits.maxRatio) refusal = refuse.ratio;
            else if (countXml) {
              xml.feed(chunk);
              if (xml.paragraphs > limits.maxParagraphs) refusal = refuse.paragraphs;
              else if (xml.elements > limits.maxElements) refusal = refuse.elements;
            }
            if (refusal) {
              stream.destroy();
              fail(refusal);
            }
          });
          stream.on("error", fail);
          stream.on("end", () => {
            if (!failed) zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}
