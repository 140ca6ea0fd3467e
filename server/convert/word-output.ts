import path from "node:path";
import { officeConvert } from "../engines/libreoffice.js";
import { subsetEmbeddedFonts } from "./docx-font-subsets.js";
import type { ProcessorContext } from "../work/types.js";
import { writeDocx } from "./docx.js";
import { writeRtf } from "./rtf.js";
import { installedFontFamilies } from "../engines/installed-fonts.js";
import { fontsWithoutEquivalent } from "./fonts.js";
import type { DocumentModel } from "./layout-analysis.js";
import { list, msg, type Message } from "../i18n/message.js";

export type WordFormat = "docx" | "doc" | "odt" | "rtf";

/** LibreOffice export filters for the formats written from the DOCX. */
const FILTERS: Record<Exclude<WordFormat, "rtf">, string> = {
  docx: "MS Word 2007 XML",
  doc: "MS Word 97",
  odt: "writer8",
};

/** Formats whose files can carry fonts inside them (LibreOffice embeds into these, not into .doc or RTF). */
const EMBEDS_FONTS: ReadonlySet<WordFormat> = new Set(["docx", "odt"]);

/** The PDF font names the document's text is set in. */
function pdfFontsOf(model: DocumentModel): Set<string> {
  const fonts = new Set<string>();
  for (const node of model.nodes) {
    const runs = node.type === "heading" || node.type === "paragraph" ? node.runs : node.type === "list" ? node.items.flat() : [];
    for (const run of runs) if (run.font) fonts.add(run.font);
  }
  return fonts;
}

/**
 * Writes the document model as DOCX (or RTF, which is written directly too) and, for the other formats (or to embed
 * fonts), has LibreOffice load that DOCX and save it in the format asked for. Returns the file and what to tell the
 * visitor.
 *
 * embedFonts asks that the document look the same on computers without its fonts. A font with a metric-compatible
 * counterpart (Times, Helvetica, Courier, Carlito, Caladea and their clones) is named as that counterpart, which every
 * word processor has or substitutes with the same widths: it needs no embedding. Only when some font has none, and
 * this server has that font, does LibreOffice embed the fonts (it cannot embed a font that exists only in the PDF).
 */
export async function writeWordDocument(
  model: DocumentModel,
  format: WordFormat,
  embedFonts: boolean,
  ctx: ProcessorContext,
  fileName: string,
): Promise<{ path: string; notes: Message[] }> {
  const notes: Message[] = [];
  const canEmbed = EMBEDS_FONTS.has(format);
  if (embedFonts && !canEmbed) notes.push(msg("convert.fontsCannotBeCarried", { format: format.toUpperCase() }));
  if (format === "rtf") {
    const rtf = path.join(ctx.workDir, "document.rtf");
    await writeRtf(model, rtf);
    return { path: rtf, notes };
  }
  const docx = path.join(ctx.workDir, "flowing.docx");
  await writeDocx(model, docx);
  ctx.progress(0.85);
  const unmatched = fontsWithoutEquivalent(pdfFontsOf(model));
  const installed = embedFonts && canEmbed && unmatched.length > 0 ? await installedFontFamilies(ctx) : undefined;
  const embeddable = unmatched.filter((family) => !installed || installed.has(family.toLowerCase()));
  const embed = embedFonts && canEmbed && embeddable.length > 0;
  if (embed) notes.push(msg("convert.fontsEmbedded"));
  else if (embedFonts && canEmbed && unmatched.length === 0) notes.push(msg("convert.fontsEquivalent"));
  else if (embedFonts && canEmbed) notes.push(msg(unmatched.length > 3 ? "convert.fontsOnlyInPdfAndOthers" : "convert.fontsOnlyInPdf", { count: Math.min(unmatched.length, 3), fonts: list(unmatched.slice(0, 3)) }));
  if (format === "docx" && !embed) return { path: docx, notes };
  const out = path.join(ctx.workDir, `document.${format}`);
  await officeConvert(docx, out, FILTERS[format], {}, { ...ctx, fileName }, embed ? { EmbedFonts: true, EmbedOnlyUsedFonts: true } : {});
  // LibreOffice embeds whole fonts; the document needs only its own characters of them.
  if (embed && format === "docx") await subsetEmbeddedFonts(out, ctx);
  return { path: out, notes };
}
