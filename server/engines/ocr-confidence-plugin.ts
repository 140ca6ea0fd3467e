/**
 * An OCRmyPDF plugin, written into the job's folder before each run: Tesseract's own engine, except that words
 * whose confidence is below --min-word-confidence are taken out of the hOCR (hence out of the PDF's text layer) and
 * out of the plain text. Tesseract itself has no such setting, and OCRmyPDF's hOCR renderer reads the file we leave.
 */
export const CONFIDENCE_PLUGIN_SOURCE = String.raw`"""Drops words whose Tesseract confidence is below --min-word-confidence from the hOCR and the text."""
import re
from html.parser import HTMLParser
from pathlib import Path

from ocrmypdf import hookimpl
from ocrmypdf.builtin_plugins.tesseract_ocr import TesseractOcrEngine

WORD = re.compile(r"<span class=['\"]ocrx_word['\"][^>]*?x_wconf (\d+)[^>]*>.*?</span>", re.S)


@hookimpl
def add_options(parser):
    parser.add_argument("--min-word-confidence", type=int, default=0)


class _TextOfHocr(HTMLParser):
    """Rebuilds plain text from hOCR: words of a line joined by spaces, paragraphs by a blank line."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack = []
        self.lines = []
        self.line = []
        self.in_word = False

    def handle_starttag(self, tag, attrs):
        cls = dict(attrs).get("class", "")
        self.stack.append(cls)
        if cls == "ocrx_word":
            self.in_word = True
            self.line.append("")

    def handle_endtag(self, tag):
        cls = self.stack.pop() if self.stack else ""
        if cls == "ocrx_word":
            self.in_word = False
        elif cls in ("ocr_line", "ocr_caption", "ocr_header", "ocr_textfloat"):
            words = [w for w in self.line if w.strip()]
            if words:
                self.lines.append(" ".join(words))
            self.line = []
        elif cls == "ocr_par" and self.lines and self.lines[-1] != "":
            self.lines.append("")

    def handle_data(self, data):
        if self.in_word:
            self.line[-1] += data


class ConfidentTesseract(TesseractOcrEngine):
    @staticmethod
    def generate_hocr(input_file, output_hocr, output_text, options):
        TesseractOcrEngine.generate_hocr(input_file, output_hocr, output_text, options)
        floor = options.min_word_confidence
        if floor <= 0:
            return
        hocr = Path(output_hocr).read_text(encoding="utf-8")
        kept = WORD.sub(lambda m: m.group(0) if int(m.group(1)) >= floor else "", hocr)
        Path(output_hocr).write_text(kept, encoding="utf-8")
        parser = _TextOfHocr()
        parser.feed(kept)
        text = "\n".join(parser.lines).strip()
        Path(output_text).write_text(text + "\n\f" if text else "\f", encoding="utf-8")


@hookimpl
def get_ocr_engine():
    return ConfidentTesseract()
`;
