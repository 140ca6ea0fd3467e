import { ToolCard } from "../../components/ToolCard.js";
import { findToolSummary } from "../../lib/tool-summaries.js";
import { InfoLayout } from "./InfoLayout.js";

/** Four categories of six features, each a tool of the catalogue (named and described as the catalogue has them). */
const CATEGORIES: ReadonlyArray<{ title: string; tools: readonly string[] }> = [
  { title: "Convert", tools: ["pdf-to-word", "pdf-to-excel", "pdf-to-ppt", "pdf-to-jpg", "word-to-pdf", "jpg-to-pdf"] },
  { title: "Edit & Modify", tools: ["organize-pdf", "rotate-pdf", "delete-pages", "add-watermark", "add-page-numbers", "annotate-pdf"] },
  { title: "Protect & Secure", tools: ["protect-pdf", "unlock-pdf", "encrypt-pdf", "decrypt-pdf", "pdf-sign", "repair-pdf"] },
  { title: "Advanced Tools", tools: ["merge-pdf", "split-pdf", "compress-pdf", "ocr-pdf", "extract-text", "convert-pdf"] },
];

export default function FeaturesPage() {
  return (
    <InfoLayout path="/features" intro="Everything PDF Toolbox can do for your documents.">
      {CATEGORIES.map((category) => (
        <section key={category.title}>
          <h2>{category.title}</h2>
          <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {category.tools.map((id) => (
              <li key={id} className="!ml-0 !list-none">
                <ToolCard tool={findToolSummary(id)!} className="!no-underline" />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </InfoLayout>
  );
}
