import { pictureType } from "../convert/picture-files.js";
import fs from "node:fs/promises";
import path from "node:path";
import type { z } from "zod";
import type { markdownConvertOptions } from "../../catalog/options/convert.js";
import { toMarkdown } from "../convert/markdown.js";
import { readDocument } from "../convert/read-document.js";
import { stemOf } from "../../pdf-ops/names.js";
import type { OutputFile, Processor } from "../work/types.js";
import { qualityNotApplied } from "../convert/quality-note.js";
import { list, msg } from "../i18n/message.js";

type MarkdownConvertOptions = z.infer<typeof markdownConvertOptions>;

/** Markdown with headings by font size, lists, tables and (on request) the pictures as PNG files beside it. */
export const pdfToMarkdown: Processor<MarkdownConvertOptions> = async ({ files, options }, ctx) => {
  const { pdf, model, notes } = await readDocument(
    files[0]!,
    { pageRange: options.pageRange, detectTables: true, includeImages: options.includeImages, ocrEnabled: options.ocrEnabled },
    ctx,
  );
  const stem = stemOf(pdf.name);
  const images: OutputFile[] = [];
  const names = new Map<string, string>();
  const markdown = toMarkdown(model, {
    headingStyle: options.headingStyle,
    imageName: options.includeImages
      ? (file) => {
          let name = names.get(file);
          if (!name) {
            name = `${stem}-image-${names.size + 1}.${pictureType(file).extension}`;
            names.set(file, name);
            images.push({ path: file, name });
          }
          return name;
        }
      : undefined,
  });
  const out = path.join(ctx.workDir, "document.md");
  await fs.writeFile(out, markdown);
  ctx.progress(1);
  const headings = model.nodes.filter((n) => n.type === "heading");
  const summary = msg("markdown.wrote", {
    parts: list([msg("markdown.headings", { count: headings.length }), msg("markdown.tables", { count: model.tableCount }), msg("markdown.images", { count: images.length })]),
  });
  if (options.headingStyle === "setext" && headings.some((h) => h.type === "heading" && h.level > 2)) {
    notes.push(msg("markdown.setextLevels"));
  }
  notes.push(...qualityNotApplied(options.quality, "storedAsPng"));
  return { files: [{ path: out, name: `${stem}.md` }, ...images], zipName: `${stem}-markdown.zip`, message: [summary, ...notes] };
};
