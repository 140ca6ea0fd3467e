import { z } from "zod";
import { refusal } from "./common.js";

export const ANNOTATION_TYPES = [
  "text",
  "highlight",
  "comment",
  "link",
  "shape",
  "underline",
  "strikethrough",
  "draw",
] as const;
export const SHAPE_TYPES = ["rectangle", "circle", "line", "arrow"] as const;

/**
 * One annotation as the annotate screen builds it. Positions are PDF points measured from the top-left corner of
 * the page as it is seen (after its rotation): x to the right, y downwards. A line or arrow runs from (x, y) to
 * (x + width, y + height). Colours are "#rrggbb" or a colour name such as "yellow".
 */
export const annotationSchema = z.object({
  type: z.enum(ANNOTATION_TYPES),
  position: z.object({
    x: z.number(),
    y: z.number(),
    pageIndex: z.number().int().min(0).default(0),
    width: z.number().default(100),
    height: z.number().default(30),
  }),
  text: z.string().max(10_000).optional(),
  title: z.string().max(500).optional(),
  url: z.string().max(2000).optional(),
  fontSize: z.number().min(8).max(36).optional(),
  color: z.string().max(50).optional(),
  bold: z.boolean().optional(),
  italic: z.boolean().optional(),
  opacity: z.number().min(0.1).max(1).optional(),
  underline: z.boolean().optional(),
  shapeType: z.enum(SHAPE_TYPES).optional(),
  strokeColor: z.string().max(50).optional(),
  fillColor: z.string().max(50).optional(),
  strokeWidth: z.number().min(0.5).max(5).optional(),
  /** Freehand strokes, as lists of points in the same units as position. */
  points: z.array(z.array(z.tuple([z.number(), z.number()])).max(10_000)).max(1000).optional(),
});

/** Freehand points in all annotations together: each one becomes path operators drawn on the page. */
export const MAX_ANNOTATION_POINTS = 100_000;

function totalPoints(list: ReadonlyArray<{ points?: ReadonlyArray<readonly unknown[]> }>): number {
  let total = 0;
  for (const a of list) for (const stroke of a.points ?? []) total += stroke.length;
  return total;
}

export const annotateOptions = z.object({
  annotations: z
    .array(annotationSchema)
    .min(1, { message: refusal("noAnnotations") })
    .max(5000)
    .refine((list) => totalPoints(list) <= MAX_ANNOTATION_POINTS, { message: refusal("atMostPoints"), params: { max: MAX_ANNOTATION_POINTS } }),
});
export type AnnotateOptions = z.infer<typeof annotateOptions>;
