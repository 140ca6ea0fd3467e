import { pictureType } from "./picture-files.js";
import crypto from "node:crypto";
import { createWriteStream } from "node:fs";
import { pipeline } from "node:stream/promises";
import yazl from "yazl";
import { documentCss, escapeHtml, nodesToHtml } from "./html.js";
import { plainText, type DocNode, type DocumentModel } from "./layout-analysis.js";

/**
 * An EPUB 3 book from the document model: chapters from the PDF's outline, or else from its top-level headings,
 * a navigation document, the pictures as PNG, and one style sheet.
 */

interface Chapter {
  title: string;
  nodes: DocNode[];
}

/** Chapters from the outline (each runs from its page to the next chapter's), from headings, or one for all. */
export function chaptersOf(model: DocumentModel, fallbackTitle: string): { chapters: Chapter[]; source: "outline" | "headings" | "none" } {
  const pages = [...new Set(model.nodes.map((n) => n.page))];
  const starts = model.chapters
    .map((c) => ({ title: c.title, page: c.page + 1 }))
    .filter((c) => pages.includes(c.page))
    .sort((a, b) => a.page - b.page);
  if (starts.length > 0) {
    const chapters = starts.map((c, i) => ({
      title: c.title,
      nodes: model.nodes.filter((n) => n.page >= (i === 0 ? -Infinity : c.page) && (i === starts.length - 1 || n.page < starts[i + 1]!.page)),
    }));
    return { chapters: chapters.filter((c) => c.nodes.length > 0), source: "outline" };
  }
  const headings = model.nodes.filter((n) => n.type === "heading");
  const top = Math.min(...headings.map((h) => (h.type === "heading" ? h.level : 9)));
  const chapters: Chapter[] = [];
  for (const node of model.nodes) {
    if (node.type === "heading" && node.level === top) chapters.push({ title: plainText(node.runs), nodes: [node] });
    else if (chapters.length === 0) chapters.push({ title: fallbackTitle, nodes: [node] });
    else chapters[chapters.length - 1]!.nodes.push(node);
  }
  if (chapters.length === 0) chapters.push({ title: fallbackTitle, nodes: [] });
  return { chapters, source: headings.length > 0 ? "headings" : "none" };
}

function xhtml(title: string, body: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" lang="und" xml:lang="und">
<head>
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" type="text/css" href="style.css"/>
</head>
<body>
${body}
</body>
</html>
`;
}

export async function writeEpub(model: DocumentModel, title: string, output: string): Promise<{ chapters: number; source: string; images: number }> {
  const { chapters, source } = chaptersOf(model, title);
  const zip = new yazl.ZipFile();
  // The mimetype entry comes first and uncompressed, so that readers can recognise the file by its first bytes.
  zip.addBuffer(Buffer.from("application/epub+zip"), "mimetype", { compress: false });
  zip.addBuffer(
    Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
  <rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles>
</container>
`),
    "META-INF/container.xml",
  );
  const images = new Map<string, string>();
  for (const node of model.nodes) {
    if (node.type === "image" && !images.has(node.path)) {
      const name = `images/image-${images.size + 1}.${pictureType(node.path).extension}`;
      images.set(node.path, name);
      zip.addFile(node.path, `OEBPS/${name}`, { compress: false });
    }
  }
  zip.addBuffer(Buffer.from(documentCss({ responsive: true, pageWidthPt: 595 })), "OEBPS/style.css");
  chapters.forEach((chapter, i) => {
    const body = nodesToHtml(chapter.nodes, { bodySize: model.bodySize, imageSrc: (n) => images.get(n.path) });
    // A chapter from the outline whose text has no heading gets its title as one, so that readers show it.
    const heading = chapter.nodes[0]?.type === "heading" ? "" : `<h1>${escapeHtml(chapter.title)}</h1>\n`;
    zip.addBuffer(Buffer.from(xhtml(chapter.title, heading + body)), `OEBPS/chapter-${i + 1}.xhtml`);
  });
  const nav = `<nav epub:type="toc" id="toc"><h1>Contents</h1><ol>${chapters
    .map((c, i) => `<li><a href="chapter-${i + 1}.xhtml">${escapeHtml(c.title) || `Chapter ${i + 1}`}</a></li>`)
    .join("")}</ol></nav>`;
  zip.addBuffer(Buffer.from(xhtml(title, nav)), "OEBPS/nav.xhtml");
  const modified = new Date().toISOString().replace(/\.\d+Z$/, "Z");
  const opf = `<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="book-id" xml:lang="und">
  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
    <dc:identifier id="book-id">urn:uuid:${crypto.randomUUID()}</dc:identifier>
    <dc:title>${escapeHtml(title)}</dc:title>
    <dc:language>und</dc:language>
    <meta property="dcterms:modified">${modified}</meta>
  </metadata>
  <manifest>
    <item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
    <item id="css" href="style.css" media-type="text/css"/>
${chapters.map((_, i) => `    <item id="chapter-${i + 1}" href="chapter-${i + 1}.xhtml" media-type="application/xhtml+xml"/>`).join("\n")}
${[...images.entries()].map(([file, name], i) => `    <item id="image-${i + 1}" href="${name}" media-type="${pictureType(file).mime}"/>`).join("\n")}
  </manifest>
  <spine>
${chapters.map((_, i) => `    <itemref idref="chapter-${i + 1}"/>`).join("\n")}
  </spine>
</package>
`;
  zip.addBuffer(Buffer.from(opf), "OEBPS/content.opf");
  zip.end();
  await pipeline(zip.outputStream, createWriteStream(output));
  return { chapters: chapters.length, source, images: images.size };
}
