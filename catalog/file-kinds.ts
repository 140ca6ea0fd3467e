/**
 * The kinds of file the toolbox accepts. Each kind names its MIME type and extensions; the server checks the
 * content (magic bytes) against the kind, the web app uses the same table for its file pickers.
 */
export const FILE_KINDS = {
  pdf: { mime: "application/pdf", extensions: [".pdf"], label: "PDF" },
  doc: { mime: "application/msword", extensions: [".doc"], label: "Word" },
  docx: {
    mime: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    extensions: [".docx"],
    label: "Word",
  },
  odt: { mime: "application/vnd.oasis.opendocument.text", extensions: [".odt"], label: "OpenDocument" },
  xls: { mime: "application/vnd.ms-excel", extensions: [".xls"], label: "Excel" },
  xlsx: {
    mime: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    extensions: [".xlsx"],
    label: "Excel",
  },
  ppt: { mime: "application/vnd.ms-powerpoint", extensions: [".ppt"], label: "PowerPoint" },
  pptx: {
    mime: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
    extensions: [".pptx"],
    label: "PowerPoint",
  },
  jpeg: { mime: "image/jpeg", extensions: [".jpg", ".jpeg"], label: "JPEG" },
  png: { mime: "image/png", extensions: [".png"], label: "PNG" },
  gif: { mime: "image/gif", extensions: [".gif"], label: "GIF" },
  bmp: { mime: "image/bmp", extensions: [".bmp"], label: "BMP" },
  tiff: { mime: "image/tiff", extensions: [".tif", ".tiff"], label: "TIFF" },
  pkcs12: { mime: "application/x-pkcs12", extensions: [".p12", ".pfx"], label: "Certificate" },
  html: { mime: "text/html", extensions: [".html", ".htm"], label: "HTML" },
  /** A web page with its pictures and style sheets, packed together. */
  zip: { mime: "application/zip", extensions: [".zip"], label: "ZIP" },
} as const satisfies Record<string, { mime: string; extensions: readonly string[]; label: string }>;

export type FileKind = keyof typeof FILE_KINDS;

export const OFFICE_KINDS: readonly FileKind[] = ["doc", "docx", "odt", "xls", "xlsx", "ppt", "pptx"];
export const IMAGE_KINDS: readonly FileKind[] = ["jpeg", "png", "gif", "bmp", "tiff"];

/** The `accept` map of a file picker (MIME type to extensions), as react-dropzone and the spec's tool definition use it. */
export function acceptMap(kinds: readonly FileKind[]): Record<string, string[]> {
  const map: Record<string, string[]> = {};
  for (const kind of kinds) {
    const { mime, extensions } = FILE_KINDS[kind];
    map[mime] = [...(map[mime] ?? []), ...extensions];
  }
  return map;
}

/** The kind whose extension the file name carries, if any. */
export function kindFromName(name: string): FileKind | undefined {
  const lower = name.toLowerCase();
  return (Object.keys(FILE_KINDS) as FileKind[]).find((kind) =>
    FILE_KINDS[kind].extensions.some((ext) => lower.endsWith(ext)),
  );
}

export const MAX_FILE_BYTES = 100 * 1024 * 1024;
export const MAX_FILES = 20;
