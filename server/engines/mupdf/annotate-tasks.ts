import fs from "node:fs";
import { annotatedBytes, type AnnotationSpec } from "../../../pdf-ops/annotate/write.js";
import { openPdf } from "./documents.js";

export const annotateTasks = {
  /** Adds annotations to their pages (see annotatedBytes). */
  addAnnotations(args: { input: string; output: string; annotations: AnnotationSpec[] }) {
    fs.writeFileSync(args.output, annotatedBytes(openPdf(args.input), args.annotations));
    return { added: args.annotations.length };
  },
};
