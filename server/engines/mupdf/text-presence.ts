import * as mupdf from "mupdf";

/**
 * Whether a page's content draws any character, found by running the content through a device that only looks at
 * text: pictures are handed over undecoded and ignored, so a scanned page is answered without touching its scan.
 * Invisible text (the layer OCR adds under a scan) and text used as a clip count as text, as they do for text
 * extraction; a glyph without a known character counts too, so that the answer "no text" is only ever given for a
 * page that structured text would find empty. Annotations and form fields are not the page's text layer.
 */
export function pageDrawsText(page: mupdf.PDFPage): boolean {
  let found = false;
  const look = (text: mupdf.Text) => {
    if (found) return;
    text.walk({
      showGlyph(_font, _trm, _glyph, unicode) {
        if (unicode <= 0 || String.fromCodePoint(unicode).trim() !== "") found = true;
      },
    });
  };
  const device = new mupdf.Device({
    fillText: (text) => look(text),
    strokeText: (text) => look(text),
    clipText: (text) => look(text),
    clipStrokeText: (text) => look(text),
    ignoreText: (text) => look(text),
  });
  try {
    page.runPageContents(device, mupdf.Matrix.identity);
    device.close();
  } finally {
    device.destroy();
  }
  return found;
}
