import { list, msg, type Message, type MessageList } from "./message.js";

/**
 * An OCR language named in the reader's language ("Französisch (fra)"): the catalogue's `ocrLanguage` format,
 * which asks Intl for the name of Tesseract's code (see catalog/ocr-languages.ts).
 */
export function ocrLanguageName(code: string): Message {
  return msg("ocr.languageName", { code });
}

export function ocrLanguageNames(codes: readonly string[]): MessageList {
  return list(codes.map(ocrLanguageName));
}
