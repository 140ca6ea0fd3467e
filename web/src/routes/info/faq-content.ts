import type { TFunction } from "i18next";
import { MAX_FILE_BYTES, MAX_FILES } from "../../../../catalog/file-kinds.js";
import { formatBytes } from "../../lib/format-bytes.js";

export interface FaqCategory {
  id: string;
  title: string;
  questions: ReadonlyArray<{ question: string; answer: string }>;
}

/** The categories and how many questions each has; the words are info:faq.<category>.title and .<n>.q / .a. */
const CATEGORIES: ReadonlyArray<[id: string, questions: number]> = [
  ["general", 3],
  ["security", 4],
  ["tools", 3],
  ["troubleshooting", 3],
  ["support", 2],
];

/**
 * The questions and answers in the page's language; `lifetime` is how long the server keeps files and `onDevice`
 * the tools that run in the browser, both in words.
 */
export function faqCategories(t: TFunction, lifetime: string, onDevice: string): readonly FaqCategory[] {
  const values = { lifetime, onDevice, size: formatBytes(MAX_FILE_BYTES), count: MAX_FILES };
  return CATEGORIES.map(([id, count]) => ({
    id,
    title: t(`info:faq.${id}.title`),
    questions: Array.from({ length: count }, (_, i) => ({ question: t(`info:faq.${id}.${i + 1}.q`, values), answer: t(`info:faq.${id}.${i + 1}.a`, values) })),
  }));
}
