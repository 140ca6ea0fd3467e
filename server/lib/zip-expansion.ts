import yauzl from "yauzl";
import { UserError } from "../errors.js";

/**
 * Office files in ZIP containers (DOCX, XLSX, PPTX, ODT) are unpacked by LibreOffice in full. A "zip bomb" of a
 * few kilobytes can unpack to gigabytes and fill the disk or memory, so before the office sees one, its entries
 * are inflated here once, counting the bytes and stopping as soon as the total passes the limit. The sizes a
 * file declares are not trusted: yauzl fails an entry whose data is longer than declared, and the count is of
 * real bytes. A container this reader cannot parse is left to the office, which repairs some damaged files.
 */

export interface ZipExpansionLimits {
  maxBytes: number;
  maxEntries: number;
}

export const OFFICE_ZIP_LIMITS: ZipExpansionLimits = { maxBytes: 1024 * 1024 * 1024, maxEntries: 20_000 };

class Refused extends Error {}

export async function checkZipExpansion(file: string, name: string, limits: ZipExpansionLimits = OFFICE_ZIP_LIMITS): Promise<void> {
  const refuse = () =>
    new UserError(`"${name}" unpacks to more than ${Math.round(limits.maxBytes / 1024 ** 2)} MB, which we do not process.`, 413, "zip_bomb");
  try {
    // The declared sizes first, which costs nothing: most bombs say what they are.
    await walkEntries(file, limits, false);
    await walkEntries(file, limits, true);
  } catch (err) {
    if (err instanceof Refused) throw refuse();
    // yauzl's word for data longer than its entry declares: the sizes were forged.
    if (err instanceof Error && /too many bytes in the stream/.test(err.message)) throw refuse();
    // Anything else is damage that the office may still cope with.
  }
}

/** Goes through the entries, adding up their declared sizes, or with `inflate` the bytes they really hold. */
function walkEntries(file: string, limits: ZipExpansionLimits, inflate: boolean): Promise<void> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true, autoClose: true }, (openErr, zip) => {
      if (openErr || !zip) return reject(openErr ?? new Error("unreadable zip"));
      let total = 0;
      let entries = 0;
      let failed = false;
      const fail = (err: Error) => {
        if (failed) return;
        failed = true;
        zip.close();
        reject(err);
      };
      zip.on("error", fail);
      zip.on("end", () => resolve());
      zip.on("entry", (entry: yauzl.Entry) => {
        if (++entries > limits.maxEntries) return fail(new Refused());
        if (total + entry.uncompressedSize > limits.maxBytes) return fail(new Refused());
        if (!inflate) {
          total += entry.uncompressedSize;
          return zip.readEntry();
        }
        if (entry.fileName.endsWith("/")) return zip.readEntry();
        zip.openReadStream(entry, (streamErr, stream) => {
          if (streamErr || !stream) return fail(streamErr ?? new Error("unreadable entry"));
          stream.on("data", (chunk: Buffer) => {
            total += chunk.length;
            if (total > limits.maxBytes) {
              stream.destroy();
              fail(new Refused());
            }
          });
          stream.on("error", fail);
          stream.on("end", () => zip.readEntry());
        });
      });
      zip.readEntry();
    });
  });
}
