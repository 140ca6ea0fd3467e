import fs from "node:fs";
import * as mupdf from "mupdf";
const doc = mupdf.Document.openDocument(fs.readFileSync("/tmp/rx/base.pdf"), "application/pdf").asPDF();
const page = doc.loadPage(0);
for (const a of page.getAnnotations()) console.log("annot", a.getType(), a.getRect(), a.getFlags());
for (const w of page.getWidgets()) console.log("widget", w.getType(), w.getRect(), w.getFlags());
console.log(page.toStructuredText("preserve-whitespace").asText());
const dl = page.toDisplayList(true);
console.log("dl", dl.toStructuredText("preserve-whitespace").asText());
