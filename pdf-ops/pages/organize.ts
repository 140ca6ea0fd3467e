import type { OrganizeOptions } from "../../catalog/options/pages.js";
import { formatPageList } from "../../catalog/page-ranges.js";
import { InvalidOptionsError, UserError } from "../errors.js";
import { stemOf } from "../names.js";
import { assembleArgs, rotateArg, STREAMS_AS_THEY_ARE } from "../qpdf-args.js";
import { msg, type Message } from "../message.js";

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
    throw new InvalidOptionsError(msg("pages.indexOutside", { index: outOfRange, count: n }));
  }

  const mentioned = new Set(options.pageOrder);
  const order = [...options.pageOrder, ...Array.from({ length: n }, (_, i) => i).filter((i) => !mentioned.has(i))];
  const deleted = new Set(options.pagesToDelete);
  const kept = order.filter((i) => !deleted.has(i));
  if (kept.length === 0) throw new InvalidOptionsError(msg("pages.cannotDeleteAll"));
  const extractSet = new Set(options.pagesToExtract);
  const extracted = order.filter((i) => extractSet.has(i));
  // A page listed many times in pageOrder is copied as often: the result, not the input, must stay within the limit.
  if (kept.length > maxPages || extracted.length > maxPages) {
    throw new UserError(
      msg("pages.organizedTooLong", { count: Math.max(kept.length, extracted.length), max: maxPages }),
      422,
      "too_many_pages",
    );
  }

  const notes: Message[] = [msg("organize.wrote", { count: kept.length })];
  if (deleted.size > 0) notes.push(msg("organize.deleted", { count: deleted.size }));
  const turned = Object.values(options.pageRotations).filter((d) => d % 360 !== 0).length;
  if (turned > 0) notes.push(msg("organize.rotated", { count: turned }));
  if (extracted.length > 0) notes.push(msg("organize.extracted", { count: extracted.length }));
  return { kept, extracted, name: `${stemOf(pdf.name)}-organized.pdf`, message: notes };
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
  return assembleArgs([{ file: input, pages: formatPageList(pages.map((p) => p + 1)) }], output, [STREAMS_AS_THEY_ARE, ...rotateArgs]);
}
