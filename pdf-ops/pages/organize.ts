import type { OrganizeOptions } from "../../catalog/options/pages.js";
import { formatPageList } from "../../catalog/page-ranges.js";
import { InvalidOptionsError, UserError } from "../errors.js";
import { stemOf } from "../names.js";
import { assembleArgs, rotateArg } from "../qpdf-args.js";

export const EXTRACTED_NAME = "extracted_pages.pdf";

/**
 * The thumbnail editor's result. pageOrder is the full new sequence of zero-based pages (pages it leaves out
 * follow in their original order); deleted pages leave the result; extracted pages also go, in the same order
 * and turned the same way, into a second file.
 */
export function planOrganize(options: OrganizeOptions, pdf: { name: string; pageCount: number }, maxPages: number) {
  const n = pdf.pageCount;
  const outOfRange = [...options.pageOrder, ...options.pagesToDelete, ...options.pagesToExtract, ...Object.keys(options.pageRotations).map(Number)].find(
    (i) => i >= n,
  );
  if (outOfRange !== undefined) {
    throw new InvalidOptionsError(`Page index ${outOfRange} is outside the document, which has ${n} pages (indexes start at 0).`);
  }

  const mentioned = new Set(options.pageOrder);
  const order = [...options.pageOrder, ...Array.from({ length: n }, (_, i) => i).filter((i) => !mentioned.has(i))];
  const deleted = new Set(options.pagesToDelete);
  const kept = order.filter((i) => !deleted.has(i));
  if (kept.length === 0) throw new InvalidOptionsError("You cannot delete every page: at least one page must remain.");
  const extractSet = new Set(options.pagesToExtract);
  const extracted = order.filter((i) => extractSet.has(i));
  // A page listed many times in pageOrder is copied as often: the result, not the input, must stay within the limit.
  if (kept.length > maxPages || extracted.length > maxPages) {
    throw new UserError(
      `The organized document would have ${Math.max(kept.length, extracted.length)} pages, more than ${maxPages}, the most we process at once.`,
      422,
      "too_many_pages",
    );
  }

  const notes = [`Wrote ${kept.length} pages in the new order.`];
  if (deleted.size > 0) notes.push(`Deleted ${deleted.size}.`);
  const turned = Object.values(options.pageRotations).filter((d) => d % 360 !== 0).length;
  if (turned > 0) notes.push(`Rotated ${turned}.`);
  if (extracted.length > 0) notes.push(`Extracted ${extracted.length} page${extracted.length === 1 ? "" : "s"} into a separate file.`);
  return { kept, extracted, name: `${stemOf(pdf.name)}-organized.pdf`, message: notes.join(" ") };
}

/** qpdf's arguments writing the zero-based pages in order, each turned by its rotation (qpdf numbers rotations by output page). */
export function organizedPagesArgs(input: string, pages: readonly number[], rotations: Record<string, number>, output: string): string[] {
  const byAngle = new Map<number, number[]>();
  pages.forEach((page, i) => {
    const angle = (((rotations[String(page)] ?? 0) % 360) + 360) % 360;
    if (angle === 0) return;
    const positions = byAngle.get(angle) ?? [];
    positions.push(i + 1);
    byAngle.set(angle, positions);
  });
  const rotateArgs = [...byAngle].map(([angle, positions]) => rotateArg(angle, formatPageList(positions)));
  return assembleArgs([{ file: input, pages: formatPageList(pages.map((p) => p + 1)) }], output, rotateArgs);
}
