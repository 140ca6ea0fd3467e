import { writeOoxmlPackage, XML_DECLARATION, xmlText } from "./ocr-ooxml.js";

/**
 * A Word document of recognised text: one paragraph for each paragraph Tesseract found, a page break where a page
 * ended. With keepLineBreaks the lines of a paragraph stay as they were on the page; otherwise they flow.
 */

const W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main";

export async function writeOcrDocx(text: string, output: string, options: { keepLineBreaks: boolean }): Promise<void> {
  const pages = text.split("\f").filter((page, i, all) => i < all.length - 1 || page.trim() !== "");
  const body = pages
    .map((page, i) => {
      const paragraphs = page
        .split(/\n\s*\n/)
        .map((p) => p.trim())
        .filter((p) => p !== "")
        .map((p) => paragraph(p.split("\n"), options.keepLineBreaks));
      if (i > 0) paragraphs.unshift('<w:p><w:r><w:br w:type="page"/></w:r></w:p>');
      return paragraphs.join("");
    })
    .join("");
  await writeOoxmlPackage(
    [
      {
        name: "[Content_Types].xml",
        xml: `${XML_DECLARATION}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`,
      },
      {
        name: "_rels/.rels",
        xml: `${XML_DECLARATION}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`,
      },
      { name: "word/document.xml", xml: `${XML_DECLARATION}<w:document xmlns:w="${W}"><w:body>${body}<w:sectPr/></w:body></w:document>` },
    ],
    output,
  );
}

function paragraph(lines: readonly string[], keepLineBreaks: boolean): string {
  const runs = keepLineBreaks
    ? lines.map((line, i) => `${i > 0 ? "<w:br/>" : ""}<w:t xml:space="preserve">${xmlText(line.trim())}</w:t>`).join("")
    : `<w:t xml:space="preserve">${xmlText(lines.map((l) => l.trim()).join(" "))}</w:t>`;
  return `<w:p><w:r>${runs}</w:r></w:p>`;
}
