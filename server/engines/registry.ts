import { runMupdf } from "./mupdf/pool.js";
import { CHROMIUM } from "./chromium.js";
import { runProcess } from "./process-runner.js";

/** Every engine the toolbox can use, how to tell it is present, and what it is for. */
interface EngineProbe {
  name: string;
  purpose: string;
  check(): Promise<string | undefined>;
}

const PROBE_TIMEOUT = 15_000;

function command(cmd: string, args: string[], pattern: RegExp): () => Promise<string | undefined> {
  return async () => {
    const { stdout, stderr } = await runProcess({ engine: "probe", command: cmd, args, cwd: "/", timeoutMs: PROBE_TIMEOUT, okExitCodes: [0, 1, 99] });
    return pattern.exec(stdout.toString("utf8") + stderr)?.[1] ?? "unknown version";
  };
}

const ENGINES: readonly EngineProbe[] = [
  { name: "qpdf", purpose: "merge, split, pages, rotate, overlays, encryption", check: command("qpdf", ["--version"], /qpdf version (\S+)/) },
  {
    name: "mupdf",
    purpose: "text, rendering, repair, bookmarks",
    check: async () => ((await runMupdf("probe", {}, { timeoutMs: PROBE_TIMEOUT })).ok ? "npm mupdf" : undefined),
  },
  { name: "ghostscript", purpose: "compression, PDF/A", check: command("gs", ["--version"], /(?<!\d)(\d+\.\d+(\.\d+)?)/) },
  { name: "libjpeg-turbo", purpose: "compression: scans decoded at reduced size", check: command("djpeg", ["-version"], /libjpeg-turbo version (\S+)/) },
  { name: "poppler", purpose: "pdfinfo, pdftotext, pdftoppm", check: command("pdfinfo", ["-v"], /pdfinfo version (\S+)/) },
  { name: "libreoffice", purpose: "office documents to PDF", check: command("soffice", ["--version"], /LibreOffice (\S+)/) },
  { name: "tesseract", purpose: "OCR", check: command("tesseract", ["--version"], /tesseract (\S+)/) },
  { name: "ocrmypdf", purpose: "OCR", check: command("ocrmypdf", ["--version"], /(\S+)/) },
  { name: "chromium", purpose: "HTML to PDF", check: command(CHROMIUM, ["--version"], /Chromium (\S+)/) },
];

export interface EngineStatus {
  name: string;
  purpose: string;
  present: boolean;
  version?: string;
}

let cached: Promise<EngineStatus[]> | undefined;

export function engineStatus(): Promise<EngineStatus[]> {
  cached ??= Promise.all(
    ENGINES.map(async (engine) => {
      try {
        const version = await engine.check();
        return { name: engine.name, purpose: engine.purpose, present: version !== undefined, ...(version ? { version } : {}) };
      } catch {
        return { name: engine.name, purpose: engine.purpose, present: false };
      }
    }),
  );
  return cached;
}
