import type { DocumentModel, Run } from "./layout-analysis.js";
import { splitEdges } from "../../pdf-ops/line-whitespace.js";

/** CommonMark with GitHub tables, from the document model. Images are referenced by the names imageName gives. */

export interface MarkdownOptions {
  headingStyle: "atx" | "setext";
  /** The file name an image is saved under, or undefined to leave images out. */
  imageName?: (path: string) => string;
}

function escapeInline(text: string): string {
  return text.replace(/([\\`*_[\]#|<>])/g, "\\$1");
}

/** Emphasis markers must touch the text: spaces at a run's edges move outside them. */
function wrap(text: string, marker: string): string {
  const { before, core, after } = splitEdges(text);
  return core ? `${before}${marker}${core}${marker}${after}` : text;
}

function inline(runs: readonly Run[]): string {
  return runs
    .map((r) => {
      if (r.mono) return wrap(r.text.replace(/`/g, "'"), "`");
      let text = escapeInline(r.text);
      if (r.bold && r.italic) text = wrap(text, "***");
      else if (r.bold) text = wrap(text, "**");
      else if (r.italic) text = wrap(text, "*");
      return text;
    })
    .join("")
    .replace(/\s+/g, " ")
    .trim();
}

function tableCell(text: string): string {
  return text.replace(/\|/g, "\\|").replace(/\s+/g, " ").trim();
}

export function toMarkdown(model: DocumentModel, options: MarkdownOptions): string {
  const out: string[] = [];
  for (const node of model.nodes) {
    switch (node.type) {
      case "heading": {
        // A heading is emphasis enough: its bold face is not repeated as ** marks.
        const text = inline(node.runs.map((r) => ({ ...r, bold: false })));
        if (options.headingStyle === "setext" && node.level <= 2) out.push(`${text}\n${(node.level === 1 ? "=" : "-").repeat(Math.max(3, text.length))}`);
        else out.push(`${"#".repeat(node.level)} ${text}`);
        break;
      }
      case "paragraph":
        out.push(inline(node.runs));
        break;
      case "list":
        out.push(node.items.map((item, i) => `${node.ordered ? `${i + 1}.` : "-"} ${inline(item)}`).join("\n"));
        break;
      case "table": {
        const width = Math.max(...node.rows.map((r) => r.length));
        const row = (cells: string[]) => `| ${Array.from({ length: width }, (_, i) => tableCell(cells[i] ?? "")).join(" | ")} |`;
        out.push([row(node.rows[0]!), `|${" --- |".repeat(width)}`, ...node.rows.slice(1).map(row)].join("\n"));
        break;
      }
      case "image":
        // A formula's picture keeps its characters: as the picture's text, or as the text itself without pictures.
        if (options.imageName) out.push(`![${node.alt ? escapeInline(node.alt) : "Image"}](${options.imageName(node.path)})`);
        else if (node.alt) out.push(escapeInline(node.alt));
        break;
    }
  }
  return `${out.join("\n\n")}\n`;
}
