import fs from "node:fs/promises";
import path from "node:path";
import type { RepairOptions } from "../../catalog/options/repair.js";
import { EncryptedPdfError, EngineFailure, failedWith, TooManyPagesError, UserError } from "../errors.js";
import { runMupdf } from "../engines/mupdf/pool.js";
import type { DamageInventory, TidyOptions, TidyReport } from "../engines/mupdf/repair-tasks.js";
import { pageCount } from "../engines/qpdf.js";
import { checkReport, type CheckReport } from "../engines/qpdf-check.js";
import { countTextCharacters } from "../engines/poppler-text.js";
import { formatPageList } from "../../catalog/page-ranges.js";
import { stemOf } from "../../pdf-ops/names.js";
import { fileSize } from "../i18n/quantities.js";
import { withSoundPageTree } from "../pdf/pdf-input.js";
import { finish, ladderFor, runRung, type Rung } from "../pdf/repair-ladder.js";
import type { InputFile, Processor, ProcessorContext } from "../work/types.js";
import { list, msg, series, type Message, type Said } from "../i18n/message.js";

/**
 * Repairs a damaged PDF with the lightest rewrite whose result passes `qpdf --check` and keeps every page that
 * any reader could find, then applies the fix-ups and output settings asked for. Unlike other tools it opens the
 * upload itself: damaged input is what it is for.
 */

interface Diagnosis {
  check: CheckReport;
  /** What MuPDF's repairing parser finds in the damaged file: pages declared, and pages whose parts are gone. */
  inventory?: DamageInventory;
  /** Characters of text poppler finds in the damaged file: a repair must not lose them. */
  textCharacters?: number;
  /** The most pages any reader found: what a repair must keep. Undefined when neither qpdf nor MuPDF could count. */
  expectedPages?: number;
  /** What is wrong, as catalogue messages, or qpdf's own findings where it names nothing we know. */
  problems: Array<Message | string>;
  xrefBroken: boolean;
}

async function countPages(file: string, ctx: ProcessorContext): Promise<number | undefined> {
  try {
    return await pageCount(file, ctx);
  } catch (err) {
    if (failedWith(err, "damaged", "crashed")) return undefined;
    throw err;
  }
}

async function diagnose(file: InputFile, ctx: ProcessorContext): Promise<Diagnosis> {
  let check: CheckReport;
  try {
    check = await checkReport(file.path, ctx);
  } catch (err) {
    if (failedWith(err, "encrypted", "wrong-password")) throw new EncryptedPdfError(file.name);
    throw err;
  }
  const qpdfPages = await countPages(file.path, ctx);
  let inventory: DamageInventory | undefined;
  try {
    inventory = await runMupdf("inspectDamage", { input: file.path }, ctx);
  } catch (err) {
    if (failedWith(err, "encrypted")) throw new EncryptedPdfError(file.name);
    // What MuPDF cannot inspect (or falls over on) leaves the diagnosis to qpdf's findings.
    if (!failedWith(err, "damaged", "crashed", "too-large", "unsupported")) throw err;
  }
  const found = check.findings.join("\n");
  const objectProblems = check.findings.filter((f) => /object|endobj/i.test(f) && !/stream/i.test(f));
  const mupdfPages = inventory?.pageCount;
  const xrefBroken = /xref|cross-reference|startxref|trailer/i.test(found) || inventory?.wasRepaired === true;
  const problems: Array<Message | string> = [
    xrefBroken ? msg("repair.problems.xref") : undefined,
    /stream|decod|inflate|zlib|flate/i.test(found) ? msg("repair.problems.streams") : undefined,
    objectProblems.length ? msg("repair.problems.objects") : undefined,
    qpdfPages === undefined ? msg("repair.problems.unreadable") : undefined,
    qpdfPages !== undefined && mupdfPages !== undefined && mupdfPages > qpdfPages ? msg("repair.problems.pagesMissing", { count: qpdfPages, total: mupdfPages }) : undefined,
  ].filter((problem) => problem !== undefined);
  if (problems.length === 0 && check.exitCode !== 0) problems.push(...check.findings.slice(0, 3));
  const counts = [qpdfPages, mupdfPages].filter((n): n is number => n !== undefined && n > 0);
  const textCharacters = await countTextCharacters(file.path, ctx);
  return {
    check,
    ...(inventory ? { inventory } : {}),
    expectedPages: counts.length ? Math.max(...counts) : undefined,
    ...(textCharacters ? { textCharacters } : {}),
    problems,
    xrefBroken,
  };
}

interface Attempt {
  rung: Rung;
  file: string;
  note?: Message;
  pages: number;
  textCharacters: number;
  check: CheckReport;
}

async function attempt(rung: Rung, file: InputFile, options: RepairOptions, ctx: ProcessorContext): Promise<Attempt | undefined> {
  try {
    const { output, note } = await runRung(rung, file.path, options, ctx);
    const pages = await countPages(output, ctx);
    if (pages === undefined || pages < 1) return undefined;
    const textCharacters = (await countTextCharacters(output, ctx)) ?? 0;
    return { rung, file: output, pages, textCharacters, check: await checkReport(output, ctx), ...(note ? { note } : {}) };
  } catch (err) {
    // A rung that cannot read the file, falls over or runs out of room is one failed attempt: the next rung tries.
    if (failedWith(err, "damaged", "crashed", "too-large", "unsupported")) return undefined;
    throw err;
  }
}

/** More pages first, then more text: what a visitor would rather get back when no rung is fully sound. */
function moreComplete(a: Attempt, b: Attempt): boolean {
  return a.pages !== b.pages ? a.pages > b.pages : a.textCharacters > b.textCharacters;
}

function tidyOptionsOf(options: RepairOptions): TidyOptions {
  return {
    metadata: options.fixMetadata,
    formFields: options.fixFormFields,
    annotations: options.fixAnnotations,
    images: options.fixImages,
    fonts: options.fixFonts,
    sanitize: options.sanitize,
  };
}

export const repairPdf: Processor<RepairOptions> = async ({ files, options }, ctx) => {
  // A looping or miscounted page tree is put right first: qpdf and MuPDF each stumble over it in their own way.
  const { file, rewritten: treeRewritten } = await withSoundPageTree(files[0]!, ctx);
  const diagnosis = await diagnose(file, ctx);
  if (treeRewritten) diagnosis.problems.unshift(msg("repair.problems.pageTree"));
  // Damaged or not, a document beyond the page limit is refused like everywhere else.
  if ((diagnosis.expectedPages ?? 0) > ctx.maxPages) throw new TooManyPagesError(ctx.maxPages);
  ctx.progress(0.2);

  // The lightest rung whose result is sound and complete wins; otherwise the most complete readable result.
  const ladder = ladderFor(options);
  let tried = 0;
  let chosen: Attempt | undefined;
  let fallback: Attempt | undefined;
  for (const rung of ladder) {
    const result = await attempt(rung, file, options, ctx);
    ctx.progress(0.2 + (0.5 * ++tried) / ladder.length);
    if (!result) continue;
    const allPages = diagnosis.expectedPages === undefined || result.pages >= diagnosis.expectedPages;
    // A rewrite that drops a stream it cannot parse is sound but emptier: a tenth of the text lost disqualifies it.
    const allText = !diagnosis.textCharacters || result.textCharacters >= diagnosis.textCharacters * 0.9;
    if (allPages && allText && result.check.exitCode === 0) {
      chosen = result;
      break;
    }
    if (!fallback || moreComplete(result, fallback)) fallback = result;
  }
  const used = chosen ?? fallback;
  if (!used) {
    const declared = diagnosis.inventory?.declaredPages;
    const inMode = ladder.length < 3;
    const key = declared ? (inMode ? "repair.noPageInModeDeclared" : "repair.noPageDeclared") : inMode ? "repair.noPageInMode" : "repair.noPage";
    throw new UserError(
      msg(key, { name: file.name, ...(declared && { declared }) }),
      422,
      "unrepairable",
    );
  }

  let current = used.file;
  let tidy: TidyReport | undefined;
  try {
    const tidied = path.join(ctx.workDir, "repair-tidied.pdf");
    tidy = await runMupdf("tidy", { input: current, output: tidied, options: tidyOptionsOf(options) }, ctx);
    if (tidy.changed) {
      // A fix-up must never cost a page: should one ever do so, the repaired file goes out without the fix-ups.
      if (((await countPages(tidied, ctx)) ?? 0) >= used.pages) current = tidied;
      else tidy = { ...tidy, fixes: [] };
    }
  } catch (err) {
    if (!(err instanceof EngineFailure)) throw err;
  }
  current = await finish(current, options, ctx);
  ctx.progress(0.9);
  const finalCheck = await checkReport(current, ctx);
  const finalPages = (await countPages(current, ctx)) ?? used.pages;

  const losses = lossesOf(diagnosis, finalPages, (await countTextCharacters(current, ctx)) ?? 0);
  const lost = series(losses);
  const xrefOff = !options.fixXrefTable || !options.rebuildIndex;
  const notes: Said[] = [
    lost !== "" ? msg("repair.partly", { losses: lost }) : "",
    diagnosis.problems.length ? msg("repair.found", { problems: series(diagnosis.problems) }) : msg("repair.noDamage"),
    msg(`repair.rungs.${used.rung}`),
    used.note ?? "",
    used.rung !== ladder[0] ? msg("repair.lighterFailed", { rungs: list(ladder.slice(0, ladder.indexOf(used.rung))) }) : "",
    finalCheck.exitCode === 0
      ? diagnosis.expectedPages
        ? msg("repair.passesOf", { count: finalPages, total: diagnosis.expectedPages })
        : msg("repair.passes", { count: finalPages })
      : msg("repair.stillReports", { findings: series(finalCheck.findings.slice(0, 2)) }),
    tidy?.fixes.length ? msg("repair.also", { fixes: series(tidy.fixes) }) : "",
    tidy?.findings.length ? msg("repair.noticed", { findings: series(tidy.findings) }) : "",
    tidy?.findings.some((f) => f.key.startsWith("repair.findings.fontsNotEmbedded")) && used.rung !== "ghostscript" ? msg("repair.aggressiveEmbedsFonts") : "",
    used.rung === "ghostscript" ? msg("repair.ghostscriptRecreates") : "",
    xrefOff && diagnosis.xrefBroken ? msg("repair.xrefRebuiltAnyway") : "",
    xrefOff && !diagnosis.xrefBroken ? msg("repair.xrefAlwaysNew") : "",
    options.linearize ? msg("repair.linearized") : "",
    options.saveAsVersion !== "auto" ? msg("repair.savedAs", { version: options.saveAsVersion }) : "",
    options.optimizeSize ? await sizeChange(file.path, current) : "",
  ];
  return {
    files: [{ path: current, name: `${stemOf(file.name)}-repaired.pdf`, checkedExitCode: finalCheck.exitCode }],
    message: notes,
    ...(lost !== "" ? { warning: msg("repair.notRecovered", { losses: lost }) } : {}),
  };
};

/** The values of a sentence about these one-based pages: how many, and which ("1, 3-5"). */
const pagesNamed = (pages: readonly number[]) => ({ count: pages.length, pages: formatPageList(pages).replaceAll(",", ", ") });

/**
 * What the repaired file lacks compared with what the damaged one declares or what the most tolerant reader sees:
 * missing pages, pages that come out blank, fonts and pictures that are gone, text that no reader finds any more.
 * A repair that lost any of it must say so, however sound the rewritten file is.
 */
function lossesOf(diagnosis: Diagnosis, finalPages: number, finalTextCharacters: number): Message[] {
  const inventory = diagnosis.inventory;
  const declared = Math.max(inventory?.declaredPages ?? 0, diagnosis.expectedPages ?? 0);
  const within = (pages: readonly number[] | undefined) => (pages ?? []).filter((p) => p <= finalPages);
  const blank = within(inventory?.pagesWithoutContent);
  const fonts = within(inventory?.pagesMissingFonts);
  const images = within(inventory?.pagesMissingImages);
  const losses: Message[] = [];
  if (declared > finalPages) losses.push(msg("repair.losses.pages", { count: finalPages, total: declared }));
  if (blank.length) losses.push(msg("repair.losses.blank", pagesNamed(blank)));
  if (fonts.length) losses.push(msg("repair.losses.fonts", pagesNamed(fonts)));
  if (images.length) losses.push(msg("repair.losses.pictures", pagesNamed(images)));
  const text = diagnosis.textCharacters ?? 0;
  if (text > 0 && finalTextCharacters < text * 0.9) {
    losses.push(msg("repair.losses.text", { percent: Math.round(100 * (1 - finalTextCharacters / text)) }));
  }
  return losses;
}

async function sizeChange(before: string, after: string): Promise<Message> {
  const [a, b] = await Promise.all([fs.stat(before), fs.stat(after)]);
  return msg("repair.size", { before: fileSize(a.size), after: fileSize(b.size) });
}
