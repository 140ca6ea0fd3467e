import { z } from "zod";
import { pageSelection } from "./common.js";

/** Fields every format of the Convert screen sends. */
const common = {
  preserveFormatting: z.boolean().default(true),
  ocrEnabled: z.boolean().default(false),
  quality: z.number().int().min(10).max(100).default(80),
  pageRange: pageSelection,
};

export const IMAGE_RESOLUTIONS = [72, 150, 300, 600] as const;
export const IMAGE_FORMATS = ["jpg", "png", "tiff"] as const;
export const COLOR_SPACES = ["rgb", "cmyk", "grayscale", "bw"] as const;

export const basicConvertOptions = z.object(common);

/**
 * Formats that rebuild a document from the PDF's text read scanned pages (pages without a text layer) with OCR
 * unless told not to: a scanned letter should come out as words, not as an empty document.
 */
const recogniseScans = z.boolean().default(true);

/** Text output has no image quality; preserveFormatting keeps the lines as laid out, off joins them into paragraphs. */
export const textConvertOptions = z.object({
  preserveFormatting: common.preserveFormatting,
  ocrEnabled: recogniseScans,
  pageRange: common.pageRange,
});
export type TextConvertOptions = z.infer<typeof textConvertOptions>;

export const imageConvertOptions = z.object({
  ...common,
  imageResolution: z
    .union(IMAGE_RESOLUTIONS.map((r) => z.literal(r)) as [z.ZodLiteral<72>, z.ZodLiteral<150>, z.ZodLiteral<300>, z.ZodLiteral<600>])
    .default(300),
  imageFormat: z.enum(IMAGE_FORMATS).default("jpg"),
  colorSpace: z.enum(COLOR_SPACES).default("rgb"),
});
export type ImageConvertOptions = z.infer<typeof imageConvertOptions>;

/** PDF to PNG: the same settings, PNG unless a call asks otherwise (TIFF is honoured; JPG is PDF to JPG's). */
export const pngConvertOptions = imageConvertOptions.extend({ imageFormat: z.enum(IMAGE_FORMATS).default("png") });

export const documentConvertOptions = z.object({
  ...common,
  ocrEnabled: recogniseScans,
  detectTables: z.boolean().default(true),
  embedFonts: z.boolean().default(true),
  outputDocumentFormat: z.enum(["docx", "doc", "odt"]).default("docx"),
});
export type DocumentConvertOptions = z.infer<typeof documentConvertOptions>;

export const htmlConvertOptions = z.object({
  ...common,
  ocrEnabled: recogniseScans,
  responsiveLayout: z.boolean().default(true),
  singlePage: z.boolean().default(false),
  includeCss: z.boolean().default(true),
});

export const spreadsheetConvertOptions = z.object({
  ...common,
  ocrEnabled: recogniseScans,
  detectFormulas: z.boolean().default(false),
  preserveSpreadsheetLayout: z.boolean().default(true),
});

export const markdownConvertOptions = z.object({
  ...common,
  ocrEnabled: recogniseScans,
  includeImages: z.boolean().default(true),
  headingStyle: z.enum(["atx", "setext"]).default("atx"),
});

export const epubConvertOptions = z.object({ ...common, ocrEnabled: recogniseScans });

/** Slides: a scanned page's words become text boxes when OCR reads them. */
export const presentationConvertOptions = z.object({ ...common, ocrEnabled: recogniseScans });

export const pdfaConvertOptions = z.object({
  ...common,
  conformance: z.enum(["1b", "2b", "3b"]).default("2b"),
});

export const imagesToPdfOptions = z.object({
  ...common,
  pageSize: z.enum(["fit", "a4", "letter"]).default("fit"),
  orientation: z.enum(["auto", "portrait", "landscape"]).default("auto"),
  /** Points of white space around each image on a fixed page size. */
  margin: z.number().min(0).max(144).default(0),
});
