/**
 * What a visitor's file may hold once it is unpacked or decoded, in one place: these are checked from headers and
 * streams before any engine or decoder gets the file, so that a small upload cannot ask for gigabytes or minutes.
 */

const MB = 1024 * 1024;

/** Office files in ZIP containers, counted in real inflated bytes rather than the sizes the file declares. */
export const OFFICE_ZIP_LIMITS = {
  maxEntries: 20_000,
  maxTotalBytes: 1024 * MB,
  maxPartBytes: 256 * MB,
  /** Parts larger than this must not have been packed more than `maxRatio` times. */
  ratioCheckedFromBytes: 8 * MB,
  maxRatio: 200,
  /** Paragraph elements (w:p, text:p, a:p: any element whose local name is `p`) over every XML part. */
  maxParagraphs: 500_000,
  /** Start tags over every XML part: a bound on the work a layout engine is handed whatever the elements are. */
  maxElements: 10_000_000,
} as const;

/** Shared with the browser, which refuses the same images (pdf-ops/limits.ts). */
export { MAX_EMBEDDED_PNG_PIXELS, MAX_IMAGE_PIXELS } from "../../pdf-ops/limits.js";

/**
 * PKCS#12 key derivation rounds (MAC, PBES1/PBES2 and PBKDF2 iteration counts). Exporters write 1 to 600,000;
 * each round is work on the server, so a file that asks for more is refused before any derivation.
 */
export const MAX_PKCS12_ITERATIONS = 2_000_000;
/** The longest a certificate file may take to open, in a worker thread that is then stopped. */
export const PKCS12_DEADLINE_MS = 60_000;

/** A web page packed with its files for HTML to PDF: a page's pictures and styles, far less than an office file. */
export const SITE_ZIP_LIMITS: { readonly [K in keyof typeof OFFICE_ZIP_LIMITS]: number } = {
  ...OFFICE_ZIP_LIMITS,
  maxEntries: 5_000,
  maxTotalBytes: 300 * MB,
  maxPartBytes: 100 * MB,
};

/**
 * Words one document may bring to Compare PDF: both documents' words and their boxes are held in the server's
 * memory while they are diffed (about 100 bytes a word). A 5,000-page book of prose holds about as many.
 */
export const MAX_COMPARED_WORDS = 1_000_000;
