import { z } from "zod";

export const HTML_PAGE_SIZES = ["A4", "Letter", "Legal", "A3", "A5"] as const;

export const htmlToPdfOptions = z.object({
  pageSize: z.enum(HTML_PAGE_SIZES).default("A4").meta({ title: "Page size" }),
  orientation: z.enum(["portrait", "landscape"]).default("portrait").meta({ title: "Orientation" }),
  margin: z.number().min(0).max(50).default(10).meta({ title: "Margin (mm)", description: "The same on every side." }),
  printBackground: z.boolean().default(true).meta({ title: "Print backgrounds", description: "Background colours and pictures, as on screen." }),
  scale: z.number().min(0.1).max(2).default(1).meta({ title: "Scale", description: "1 prints the page at its own size." }),
  javascript: z
    .boolean()
    .default(false)
    .meta({ title: "Run the page's scripts", description: "Off by default: most pages print their content without them." }),
  url: z
    .string()
    .max(2048)
    .default("")
    .meta({
      title: "Web address",
      description: "An http(s) address of a public page, printed instead of an uploaded file.",
      // The API takes it; the screen, built around uploads, does not offer it yet.
      hidden: true,
    }),
});
export type HtmlToPdfOptions = z.infer<typeof htmlToPdfOptions>;
