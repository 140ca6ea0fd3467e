import { rightToLeftText } from "./right-to-left.js";
import type { DocNode, ParagraphLook, Run } from "./layout-analysis.js";
import { layCells, type LaidCell } from "./tables.js";

/** HTML (and XHTML for EPUB) from the document model: semantic elements, inline styles only for what differs. */

export function escapeHtml(text: string): string {
  return text
    // Control characters a PDF may map glyphs to are not allowed in XML (EPUB) and mean nothing in HTML.
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, "")
    .replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

function inline(runs: readonly Run[], bodySize: number, inHeading: boolean): string {
  return runs
    .map((r) => {
      let html = escapeHtml(r.text);
      if (r.mono) html = `<code>${html}</code>`;
      if (r.italic) html = `<em>${html}</em>`;
      if (r.bold && !inHeading) html = `<strong>${html}</strong>`;
      if (r.script) html = r.script === "super" ? `<sup>${html}</sup>` : `<sub>${html}</sub>`;
      // Colour and a size that differs from the surrounding text are kept; fonts are left to the reader's device.
      const styles: string[] = [];
      if (r.color !== "000000") styles.push(`color:#${r.color}`);
      if (!inHeading && !r.script && Math.abs(r.size - bodySize) > 1.5) styles.push(`font-size:${(r.size / bodySize).toFixed(2)}em`);
      return styles.length > 0 ? `<span style="${styles.join(";")}">${html}</span>` : html;
    })
    .join("");
}

export interface HtmlBodyOptions {
  bodySize: number;
  /** The src for an image file (a data: URL, or a name inside an EPUB); undefined leaves it out. */
  imageSrc?: (node: Extract<DocNode, { type: "image" }>) => string | undefined;
}

/** A paragraph's own attributes: its direction, and the colour behind it. */
function look(node: ParagraphLook): string {
  return `${node.rtl ? ' dir="rtl"' : ""}${node.fill ? ` style="background-color:#${node.fill}"` : ""}`;
}

export function nodesToHtml(nodes: readonly DocNode[], options: HtmlBodyOptions): string {
  const out: string[] = [];
  for (const node of nodes) {
    switch (node.type) {
      case "heading":
        out.push(`<h${node.level}${look(node)}>${inline(node.runs, options.bodySize, true)}</h${node.level}>`);
        break;
      case "paragraph":
        out.push(`<p${look(node)}>${inline(node.runs, options.bodySize, false)}</p>`);
        break;
      case "list": {
        const tag = node.ordered ? "ol" : "ul";
        out.push(`<${tag}${look(node)}>\n${node.items.map((item) => `  <li>${inline(item, options.bodySize, false)}</li>`).join("\n")}\n</${tag}>`);
        break;
      }
      case "table": {
        const [head, ...body] = layCells(node.rows, node.merges);
        const attributes = (c: LaidCell, r: number) => {
          const fill = node.fills?.[r]?.[c.col];
          return `${c.colSpan > 1 ? ` colspan="${c.colSpan}"` : ""}${c.rowSpan > 1 ? ` rowspan="${c.rowSpan}"` : ""}${rightToLeftText(c.text) ? ' dir="rtl"' : ""}${fill ? ` style="background-color:#${fill}"` : ""}`;
        };
        const row = (cells: LaidCell[], r: number, tag: string) =>
          `    <tr>${cells
            .filter((c) => !c.continued)
            .map((c) => `<${tag}${attributes(c, r)}>${escapeHtml(c.text)}</${tag}>`)
            .join("")}</tr>`;
        out.push(`<table>\n  <thead>\n${row(head!, 0, "th")}\n  </thead>\n  <tbody>\n${body.map((cells, i) => row(cells, i + 1, "td")).join("\n")}\n  </tbody>\n</table>`);
        break;
      }
      case "image": {
        const src = options.imageSrc?.(node);
        if (src) out.push(`<figure><img src="${escapeHtml(src)}" alt="${escapeHtml(node.alt ?? "")}" width="${Math.round(node.widthPt * (4 / 3))}" height="${Math.round(node.heightPt * (4 / 3))}"/></figure>`);
        break;
      }
    }
  }
  return out.join("\n");
}

/** The style sheet: a readable column that reflows on small screens, or the page's own width. */
export function documentCss(options: { responsive: boolean; pageWidthPt: number }): string {
  const width = options.responsive ? "max-width: 48em; margin: 0 auto; padding: 1em;" : `width: ${Math.round(options.pageWidthPt * (4 / 3))}px; margin: 0 auto;`;
  return `body { font-family: Georgia, "Times New Roman", serif; line-height: 1.5; color: #111; ${width} }
h1, h2, h3 { font-family: Helvetica, Arial, sans-serif; line-height: 1.2; }
table { border-collapse: collapse; margin: 1em 0; }
th, td { border: 1px solid #999; padding: 0.25em 0.6em; text-align: left; }
img { max-width: 100%; height: auto; }
figure { margin: 1em 0; }
.page-break { border: 0; border-top: 1px dashed #bbb; margin: 2em 0; }`;
}
