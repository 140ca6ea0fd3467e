import { PDFDocument, StandardFonts, rgb } from "@cantoo/pdf-lib";
import sharp from "sharp";
import { sentence } from "./office-fixtures.js";

/**
 * A PDF with known structure, drawn line by line as any PDF producer does: a 24 pt title, 16 pt section headings,
 * 11 pt body paragraphs that wrap over several lines, a bulleted list, a three-column table of aligned text,
 * and one picture. What a converter must find again is returned beside the bytes.
 */
export interface StructuredContent {
  title: string;
  headings: string[];
  paragraphs: string[];
  listItems: string[];
  table: string[][];
  image: { width: number; height: number };
}

function wrapText(text: string, maxChars: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    if (line && line.length + word.length + 1 > maxChars) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

export async function makeStructuredPdf(): Promise<{ data: Uint8Array; content: StructuredContent }> {
  const doc = await PDFDocument.create();
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const content: StructuredContent = {
    title: "Annual Harbour Report",
    headings: ["Overview of the Year", "Stock and Prices"],
    paragraphs: [sentence(3, 40), sentence(4, 32), sentence(5, 36)],
    listItems: ["copper lantern archive", "meadow summit beacon", "violet quarry falcon"],
    table: [
      ["Item", "Quantity", "Price"],
      ["Lantern", "12", "4.50"],
      ["Ledger", "7", "19.99"],
      ["Beacon", "30", "2.25"],
    ],
    image: { width: 160, height: 90 },
  };
  const page = doc.addPage([595, 842]);
  let y = 780;
  const text = (t: string, size: number, font = regular, x = 60) => page.drawText(t, { x, y, size, font, color: rgb(0, 0, 0) });
  text(content.title, 24, bold);
  y -= 44;
  text(content.headings[0]!, 16, bold);
  y -= 26;
  for (const para of content.paragraphs.slice(0, 2)) {
    for (const line of wrapText(para, 85)) {
      text(line, 11);
      y -= 14;
    }
    y -= 10;
  }
  for (const item of content.listItems) {
    text(`• ${item}`, 11, regular, 72);
    y -= 16;
  }
  y -= 14;
  text(content.headings[1]!, 16, bold);
  y -= 26;
  for (const line of wrapText(content.paragraphs[2]!, 85)) {
    text(line, 11);
    y -= 14;
  }
  y -= 14;
  for (const row of content.table) {
    row.forEach((cell, c) => page.drawText(cell, { x: 60 + c * 140, y, size: 11, font: row === content.table[0] ? bold : regular }));
    y -= 18;
  }
  y -= 20;
  const pixels = Buffer.alloc(content.image.width * content.image.height * 3);
  for (let i = 0; i < pixels.length; i += 3) pixels.set([(i / 3) % 255, 90, 160], i);
  const png = await sharp(pixels, { raw: { width: content.image.width, height: content.image.height, channels: 3 } }).png().toBuffer();
  const image = await doc.embedPng(png);
  page.drawImage(image, { x: 60, y: y - 90, width: 160, height: 90 });
  return { data: await doc.save(), content };
}
