import fs from "node:fs/promises";
import path from "node:path";
import type { HtmlToPdfOptions } from "../../catalog/options/html-to-pdf.js";
import { failedWith, InvalidOptionsError, UserError } from "../errors.js";
import { printToPdf } from "../engines/chromium.js";
import { PUBLIC_WEB } from "../engines/egress/addresses.js";
import { resolve, startEgressProxy, type EgressRecord } from "../engines/egress/egress-proxy.js";
import { engineSandboxState } from "../engines/sandbox.js";
import { pageCount } from "../engines/qpdf.js";
import { stemOf } from "../../pdf-ops/names.js";
import { extractZip } from "../lib/zip-extract.js";
import type { InputFile, Processor, ProcessorContext } from "../work/types.js";
import { countOfPages, msg, type Message } from "../i18n/message.js";

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
    throw new UserError(msg("html.zipDamaged", { name }), 422, "damaged");
  }
  const page = mainPageOf(entries);
  if (!page) throw new UserError(msg("html.noPage", { name }), 422, "no_html");
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

/** The web address asked for, checked: http(s) only, no credentials in it. */
function webAddress(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new InvalidOptionsError(msg("html.urlInvalid", { field: "url" }));
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new InvalidOptionsError(msg("html.urlScheme", { field: "url" }));
  if (url.username || url.password) throw new InvalidOptionsError(msg("html.urlCredentials", { field: "url" }));
  return url;
}

/**
 * Why the page at a web address was not printed (Chromium writes nothing when the page itself does not load), from
 * what its proxy saw: the page's own host refused, or else the first host it led to (a redirect) that was.
 */
function unprintedSentence(url: URL, record: EgressRecord): Message {
  const refusal = record.refused.find((r) => r.host === url.hostname) ?? record.refused[0];
  const host = refusal?.host ?? url.hostname;
  const via = host === url.hostname ? "" : msg("html.leadsTo", { host });
  switch (refusal?.reason) {
    case "not-public":
      return msg("html.notPublic", { host: url.hostname, via });
    case "unreachable":
      return msg("html.unreachable", { host });
    case "limit":
      return msg("html.tooLarge", { host: url.hostname });
    default:
      return msg("html.notLoaded", { host: url.hostname });
  }
}

async function printWebAddress(raw: string, options: HtmlToPdfOptions, output: string, ctx: ProcessorContext): Promise<{ name: string; blocked: number }> {
  const url = webAddress(raw);
  if (engineSandboxState() !== "on") {
    throw new UserError(msg("html.needsSandbox"), 503, "sandbox_unavailable");
  }
  // The page's own address is checked before Chromium starts, so that an address it would refuse costs nothing;
  // the proxy checks it again, with everything the page loads.
  const policy = ctx.egressPolicy ?? PUBLIC_WEB;
  const verdict = await resolve(url.hostname, Number(url.port) || (url.protocol === "https:" ? 443 : 80), policy);
  if (!verdict.ok) throw new UserError(unprintedSentence(url, { requests: 1, bytes: 0, refused: [{ host: url.hostname, port: 0, reason: verdict.reason }] }), 422, "unreachable");
  const socket = path.join(ctx.workDir, "egress.sock");
  const proxy = await startEgressProxy(socket, policy);
  ctx.progress(0.1);
  try {
    await printToPdf({ url: url.href, proxySocket: socket }, output, ctx, { scriptsMs: options.javascript ? SCRIPT_SETTLE_MS : undefined });
  } catch (err) {
    if (failedWith(err, "unsupported")) throw new UserError(unprintedSentence(url, proxy.record), 422, "unreachable");
    throw err;
  } finally {
    await proxy.close();
  }
  return { name: url.hostname, blocked: proxy.record.refused.length };
}

async function printUpload(input: InputFile, options: HtmlToPdfOptions, output: string, ctx: ProcessorContext): Promise<string> {
  const site = path.join(ctx.workDir, "site");
  await fs.mkdir(site);
  let page: string;
  if (input.kind === "zip") page = await unpackedPage(input.path, input.name, site);
  else {
    page = path.join(site, "page.html");
    await fs.copyFile(input.path, page);
  }
  ctx.progress(0.1);
  await printToPdf({ file: await preparedPage(page, options) }, output, ctx, { scriptsMs: options.javascript ? SCRIPT_SETTLE_MS : undefined });
  return input.kind === "zip" ? path.basename(page) : input.name;
}

export const htmlToPdf: Processor<HtmlToPdfOptions> = async ({ files, options }, ctx) => {
  const input = files[0];
  const wantsUrl = options.url.trim() !== "";
  if (input && wantsUrl) throw new InvalidOptionsError(msg("html.fileOrAddress"));
  if (!input && !wantsUrl) throw new InvalidOptionsError(msg("html.nothingToPrint", { field: "url" }));
  const output = path.join(ctx.workDir, "printed.pdf");
  let printed: { name: string; stem: string; blocked: number };
  try {
    if (input) printed = { name: await printUpload(input, options, output, ctx), stem: stemOf(input.name), blocked: 0 };
    else {
      const web = await printWebAddress(options.url, options, output, ctx);
      printed = { name: web.name, stem: web.name, blocked: web.blocked };
    }
  } catch (err) {
    if (failedWith(err, "unsupported", "damaged")) throw new UserError(input ? msg("html.unprintableNamed", { name: input.name }) : msg("html.unprintable"), 422, "unprintable");
    throw err;
  }
  ctx.progress(0.95);
  const pages = await pageCount(output, ctx);
  const notes = [
    msg("html.printed", { name: printed.name, pages: countOfPages(pages), size: options.pageSize, orientation: msg(`phrases.orientations.${options.orientation}`) }),
  ];
  if (printed.blocked > 0) notes.push(msg("html.blocked", { count: printed.blocked }));
  return { files: [{ path: output, name: `${printed.stem}.pdf` }], message: notes };
};
