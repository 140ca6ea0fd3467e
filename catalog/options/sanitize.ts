import { z } from "zod";
import { refusal } from "./common.js";

const choice = (value: boolean, title: string, description: string) => z.boolean().default(value).meta({ title, description });

export const sanitizeOptions = z
  .object({
    removeJavaScript: choice(true, "JavaScript", "Document, page, field and link scripts, and XFA form scripts."),
    removeActions: choice(true, "Automatic and launching actions", "Actions run on opening, on page or field events, and actions that start programs or open other files."),
    removeFormSubmit: choice(true, "Form submit actions", "Buttons that send the form's contents to an address."),
    removeEmbeddedFiles: choice(true, "Embedded files", "Attachments, file attachment notes and portfolios."),
    removeLinks: choice(false, "Links", "Link areas and web addresses."),
    removeMetadata: choice(true, "Metadata", "The document information (title, author, …) and XMP metadata."),
  })
  .superRefine((o, ctx) => {
    if (!Object.values(o).some(Boolean)) ctx.addIssue({ code: "custom", path: ["removeJavaScript"], message: refusal("sanitizeNothing") });
  });
export type SanitizeOptions = z.infer<typeof sanitizeOptions>;
