import fs from "node:fs";
import * as mupdf from "mupdf";

/**
 * The bare engine of extract-text: MuPDF (the same WebAssembly build the server runs) extracting every page's text
 * of one file to a text file, again and again for a number of seconds, in this one process. Prints one JSON line:
 * each run's milliseconds. Run as `tsx bench/bare-mupdf-text.ts <input> <output> <seconds>`.
 */
const [input, output, seconds] = process.argv.slice(2);
const until = Date.now() + Number(seconds) * 1000;
const runs: number[] = [];
while (Date.now() < until) {
  const started = performance.now();
  const doc = mupdf.Document.openDocument(fs.readFileSync(input!), "application/pdf");
  const fd = fs.openSync(output!, "w");
  for (let i = 0; i < doc.countPages(); i++) {
    const page = doc.loadPage(i);
    fs.writeSync(fd, `${page.toStructuredText("preserve-whitespace").asText()}\n\f`);
    page.destroy();
  }
  fs.closeSync(fd);
  doc.destroy();
  runs.push(performance.now() - started);
}
process.stdout.write(`${JSON.stringify({ runs })}\n`);
