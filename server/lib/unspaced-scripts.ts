/**
 * Chinese, Japanese, Thai, Lao, Khmer and Burmese are written without spaces between words, but OCRmyPDF's hOCR
 * text puts one between every word Tesseract found (for Chinese, every character): "北 京" instead of "北京". A
 * space between two characters of these scripts is taken out again. Thai puts a space between phrases, which
 * cannot be told from the added ones, so those go too: run-on phrases read far better than split syllables.
 */

const UNSPACED = String.raw`\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}\u3000-\u303f\uff00-\uffef`;
/** One space (or a run of spaces) with such a character on both sides; each match is checked in constant time. */
const ADDED_SPACE = new RegExp(`(?<=[${UNSPACED}]) +(?=[${UNSPACED}])`, "gu");

export function joinUnspacedScripts(text: string): string {
  return text.replace(ADDED_SPACE, "");
}
