import fs from "node:fs/promises";
import path from "node:path";
import type { HtmlToPdfOptions } from "../../catalog/options/html-to-pdf.js";
import { failedWith, InvalidOptionsError, UserError } from "../errors.js";
import { printToPdf } from "../engines/chromium.js";
import { pageCount } from "../engines/qpdf.js";
import { stemOf } from "../../pdf-ops/names.js";
import { plural } from "../../pdf-ops/plural.js";
import { extractZip } from "../lib/zip-extract.js";
import type { Processor } from "./types.js";

/**
 * Prints an uploaded web page (an HTML file, or a ZIP holding one with its pictures and styles) to PDF with
 * Chromium. The page is printed offline in the engine sandbox: what it links to on the web does not load, and its
 * scripts run only when asked for. The settings reach Chromium as a style sheet added after the page's own, which
 * its own print rules therefore give way to, and scripts are kept off by a Content-Security-Policy put before
 * anything of the page.
 */

/** How long a page's scripts may run (in the page's own time) before it is printed, when scripts are on. */
const SCRIPT_SETTLE_MS = 3000;
const HTML_NAME = /\.html?$/i;

const NO_SCRIPTS = `<meta http-equiv="Content-Security-Policy" content="script-src 'none'; object-src 'none'; base-uri 'none'; form-action 'none'">`;

function printStyle(options: HtmlToPdfOptions): string {
  const backgrounds = options.printBackground
    ? "*{-webkit-print-color-adjust:exact!important;print-color-adjust:exact!important}"
    : "*{background-color:transparent!important;background-image:none!important}";
  return `<style>@page{size:${options.pageSize} ${options.orientation};margin:${options.margin}mm}html{zoom:${options.scale}}${backgrounds}</style>`;
}

/** The page a ZIP is about: index.html nearest the top, else the only page nearest the top. */
export function mainPageOf(entries: readonly string[]): string | undefined {
  const pages = entries.filter((e) => HTML_NAME.test(e)).sort((a, b) => a.split("/").length - b.split("/").length || a.localeCompare(b));
  const index = pages.find((p) => /^index\.html?$/i.test(path.posix.basename(p)));
  if (index && index.split("/").length === pages[0]!.split("/").length) return index;
  const top = pages.filter((p) => p.split("/").length === pages[0]?.split("/").length);
  return top.length === 1 ? top[0] : index;
}

async function unpackedPage(zip: string, name: string, into: string): Promise<string> {
  let entries: string[];
  try {
    entries = await extractZip(zip, into);
  } catch {
    throw new UserError(`"${name}" could not be unpacked: its ZIP container is damaged, or names one file twice as a folder and a file.`, 422, "damaged");
  }
  const page = mainPageOf(entries);
  if (!page) throw new UserError(`"${name}" holds no web page: put an index.html (or one .html file) at its top.`, 422, "no_html");
  return path.join(into, ...page.split("/"));
}

/** The page as printed: the original with the script policy first and the print settings last, beside it. */
async function preparedPage(page: string, options: HtmlToPdfOptions): Promise<string> {
  const original = await fs.readFile(page);
  const bom = original.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf])) ? 3 : 0;
  const head = options.javascript ? "" : NO_SCRIPTS;
  const prepared = path.join(path.dirname(page), `print-${process.hrtime.bigint()}.html`);
  await fs.writeFile(prepared, Buffer.concat([original.subarray(0, bom), Buffer.from(head), original.subarray(bom), Buffer.from(printStyle(options))]));
  return prepared;
}

export const htmlToPdf: Processor<HtmlToPdfOptions> = async ({ files, options }, ctx) => {
  if (options.url.trim() !== "") {
    throw new InvalidOptionsError("Printing a page from a web address is not available yet: save the page as HTML (or a ZIP with its files) and upload it.");
  }
  const input = files[0]!;
  const site = path.join(ctx.workDir, "site");
  await fs.mkdir(site);
  let page: string;
  if (input.kind === "zip") page = await unpackedPage(input.path, input.name, site);
  else {
    page = path.join(site, "page.html");
    await fs.copyFile(input.path, page);
  }
  ctx.progress(0.1);
  const output = path.join(ctx.workDir, "printed.pdf");
  try {
    await printToPdf(await preparedPage(page, options), output, ctx, options.javascript ? SCRIPT_SETTLE_MS : undefined);
  } catch (err) {
    if (failedWith(err, "unsupported", "damaged")) throw new UserError(`"${input.name}" could not be printed: Chromium could not lay the page out.`, 422, "unprintable");
    throw err;
  }
  ctx.progress(0.95);
  const pages = await pageCount(output, ctx);
  const name = input.kind === "zip" ? path.basename(page) : input.name;
  return {
    files: [{ path: output, name: `${stemOf(input.name)}.pdf` }],
    message: `Printed ${name} on ${plural(pages, "page")} (${options.pageSize}, ${options.orientation}).`,
  };
};
