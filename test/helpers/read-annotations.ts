import { execFile } from "node:child_process";
import { promisify } from "node:util";

const exec = promisify(execFile);

export interface ReadAnnotation {
  subtype: string;
  page: number;
  rect: number[];
  color?: number[];
  /** FreeText keeps its font and colour in its default appearance string ("/Helv 12 Tf 1 0 0 rg"). */
  da?: string;
  contents?: string;
  uri?: string;
  /** Text markup (highlight, underline, strikeout): the marked area's corners; its rectangle has room around it. */
  quadPoints?: number[];
  /** Ink strokes as flat [x, y, x, y, ...] lists in PDF points. */
  ink?: number[][];
}

/**
 * Annotations read back with qpdf (independent of MuPDF, which writes them): type, page, rectangle (PDF points,
 * bottom-up), colour.
 */
export async function annotationsOf(file: string): Promise<ReadAnnotation[]> {
  const { stdout } = await exec("qpdf", ["--json", "--json-key=pages", "--json-key=qpdf", file], { maxBuffer: 64 * 1024 * 1024 });
  const json = JSON.parse(stdout) as { pages: Array<{ object: string }>; qpdf: [unknown, Record<string, { value?: Record<string, unknown> }>] };
  const obj = (ref: string) => json.qpdf[1][`obj:${ref}`]?.value ?? {};
  const text = (value: unknown) => (typeof value === "string" ? value.replace(/^u:/, "") : undefined);
  const out: ReadAnnotation[] = [];
  json.pages.forEach((page, index) => {
    const annots = (obj(page.object)["/Annots"] as string[] | undefined) ?? [];
    for (const ref of annots) {
      const a = obj(ref);
      const action = a["/A"] as Record<string, string> | undefined;
      out.push({
        subtype: String(a["/Subtype"]),
        page: index,
        rect: a["/Rect"] as number[],
        color: a["/C"] as number[] | undefined,
        da: text(a["/DA"]),
        contents: text(a["/Contents"]),
        uri: text(action?.["/URI"]),
        quadPoints: a["/QuadPoints"] as number[] | undefined,
        ink: a["/InkList"] as number[][] | undefined,
      });
    }
  });
  return out;
}
