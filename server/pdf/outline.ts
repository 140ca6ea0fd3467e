import { runMupdf } from "../engines/mupdf/pool.js";
import { hasOutline } from "../engines/qpdf.js";
import type { OutlineNode } from "../../pdf-ops/outline.js";
import type { ProcessorContext } from "../work/types.js";

/** Bookmarks read and written by the server's MuPDF processes; what happens to them in between is in pdf-ops/outline.ts. */

export async function readOutline(file: string, ctx: ProcessorContext): Promise<OutlineNode[]> {
  // Most documents have no bookmarks; asking qpdf first spares opening a large file in MuPDF for nothing.
  if (!(await hasOutline(file, ctx))) return [];
  return (await runMupdf("readOutline", { input: file }, ctx)).outline;
}


export async function writeOutline(input: string, output: string, outline: OutlineNode[], ctx: ProcessorContext): Promise<void> {
  await runMupdf("writeOutline", { input, output, outline }, ctx);
}
