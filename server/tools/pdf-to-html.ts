import { pictureType } from "../convert/picture-files.js";
import fs from "node:fs/promises";
import path from "node:path";
import type { z } from "zod";
import type { htmlConvertOptions } from "../../catalog/options/convert.js";
import { documentCss, escapeHtml, nodesToHtml } from "../convert/html.js";
import { readDocument } from "../convert/read-document.js";
import { stemOf } from "../../pdf-ops/names.js";
import type { OutputFile, Processor } from "../work/types.js";
import { qualityNotApplied } from "../convert/quality-note.js";
import { msg } from "../i18n/message.js";

type HtmlConvertOptions = z.infer<typeof htmlConvertOptions>;

/**
 * A web page from the PDF's text structure: one self-contained HTML file (pictures inlined as data URLs), or one
 * file per page in a ZIP when singlePage is off.
 */
export const pdfToHtml: Processor<HtmlConvertOptions> = async ({ files, options }, ctx) => {
  const { pdf, model, notes } = await readDocument(
    files[0]!,
    { pageRange: options.pageRange, detectTables: true, includeImages: true, ocrEnabled: options.ocrEnabled },
    ctx,
  );
  const stem = stemOf(pdf.name);
  const css = options.includeCss ? documentCss({ responsive: options.responsiveLayout, pageWidthPt: model.pageSizes[0]?.[0] ?? 595 }) : "";
  const images = new Map<string, string>();
  for (const node of model.nodes) {
    if (node.type === "image" && !images.has(node.path)) images.set(node.path, `data:${pictureType(node.path).mime};base64,${(await fs.readFile(node.path)).toString("base64")}`);
  }
  const page = (title: string, body: string) => `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8"/>
${options.responsiveLayout ? '<meta name="viewport" content="width=device-width, initial-scale=1"/>\n' : ""}<title>${escapeHtml(title)}</title>
${css ? `<style>\n${css}\n</style>\n` : ""}</head>
<body>
${body}
</body>
</html>
`;
  const render = (nodes: typeof model.nodes) => nodesToHtml(nodes, { bodySize: model.bodySize, imageSrc: (n) => images.get(n.path) });
  const outputs: OutputFile[] = [];
  const pageNumbers = [...new Set(model.nodes.map((n) => n.page))];
  if (options.singlePage || pageNumbers.length <= 1) {
    const out = path.join(ctx.workDir, "document.html");
    const parts = pageNumbers.map((p) => render(model.nodes.filter((n) => n.page === p)));
    await fs.writeFile(out, page(stem, parts.join('\n<hr class="page-break"/>\n')));
    outputs.push({ path: out, name: `${stem}.html` });
  } else {
    for (const p of pageNumbers) {
      const out = path.join(ctx.workDir, `page-${p}.html`);
      await fs.writeFile(out, page(`${stem} – page ${p}`, render(model.nodes.filter((n) => n.page === p))));
      outputs.push({ path: out, name: `${stem}-page-${p}.html` });
    }
  }
  ctx.progress(1);
  const summary = msg("htmlOut.wrote", {
    count: outputs.length,
    css: msg(options.includeCss ? "htmlOut.withCss" : "htmlOut.withoutCss", { count: outputs.length }),
    layout: msg(options.responsiveLayout ? "htmlOut.reflowing" : "htmlOut.pageWidth"),
  });
  notes.push(...qualityNotApplied(options.quality, "inlinedAsPng"));
  return { files: outputs, zipName: `${stem}-html.zip`, message: [summary, ...notes] };
};
