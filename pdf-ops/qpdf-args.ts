/**
 * qpdf's command lines for the page tools, built once for both places qpdf runs: the server's own program and the
 * WebAssembly build in the visitor's browser. File names are whatever the caller's file system calls them.
 */

/** One input of a page assembly: a file and the one-based page list qpdf should take from it ("1-3,7"). */
export interface PageSource {
  file: string;
  pages?: string;
}

/** Builds a new document from pages of others, in order. The first source's document-level data is kept. */
export function assembleArgs(sources: readonly PageSource[], output: string, extraArgs: readonly string[] = []): string[] {
  const pageArgs = sources.flatMap((s) => [s.file, s.pages ?? "1-z"]);
  return [sources[0]!.file, ...extraArgs, "--pages", ...pageArgs, "--", output];
}

/**
 * Stream data copied byte for byte: the page tools move, join, turn, drop and stamp pages, so the content is not theirs to
 * change. qpdf's default would decode LZW and ASCII filters and compress every unfiltered stream, which costs
 * more than the tool's own work on a large scan and alters content the visitor did not ask to have altered.
 */
export const STREAMS_AS_THEY_ARE = "--stream-data=preserve";

/** Merges whole documents with an empty base, so that no input's catalogue wins over the others'. */
export function mergeArgs(files: readonly string[], output: string): string[] {
  return ["--empty", STREAMS_AS_THEY_ARE, "--pages", ...files.flatMap((file) => [file, "1-z"]), "--", output];
}

/** Rotates pages by a multiple of 90 degrees; `pages` is a qpdf page range ("1-z" for all). */
export function rotateArg(degrees: number, pages: string): string {
  const normal = ((degrees % 360) + 360) % 360;
  return `--rotate=+${normal}:${pages}`;
}

/**
 * Lays pages of `stamp` over pages of `input`: the n-th page of `to` receives the n-th page of `from` (both qpdf
 * page ranges; a stamp page may repeat). qpdf 11 takes one overlay file per run.
 */
export function overlayArgs(input: string, stamp: string, output: string, pairing: { to: string; from: string }): string[] {
  return [input, STREAMS_AS_THEY_ARE, "--overlay", stamp, `--to=${pairing.to}`, `--from=${pairing.from}`, "--", output];
}

/** Rewritten smaller: object streams, compressed streams, unused resources dropped (Delete Pages' "optimize"). */
export const OPTIMIZE_ARGS = ["--object-streams=generate", "--compress-streams=y", "--remove-unreferenced-resources=yes"];

/** How a copy of some of a document's pages writes their streams: as they are, or smaller where optimizing was asked for. */
export function keptPagesArgs(optimize: boolean): readonly string[] {
  return optimize ? OPTIMIZE_ARGS : [STREAMS_AS_THEY_ARE];
}

/**
 * Splits into files of `size` pages each. qpdf names them after `output` with the first and last page numbers,
 * padded to one width, so that name order is page order.
 */
export function splitArgs(input: string, size: number, output: string, span?: { from: number; to: number | "z" }): string[] {
  return span
    ? [input, STREAMS_AS_THEY_ARE, "--pages", ".", `${span.from}-${span.to}`, "--", `--split-pages=${size}`, output]
    : [`--split-pages=${size}`, STREAMS_AS_THEY_ARE, input, output];
}

/** qpdf's job JSON (`--job-json-file`): the keys of `qpdf --job-json-help`; flags take the empty string. */
export type QpdfJob = Record<string, unknown>;
