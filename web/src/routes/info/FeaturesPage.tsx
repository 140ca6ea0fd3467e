import { ToolCard } from "../../components/ToolCard.js";
import { findToolSummary } from "../../lib/tool-summaries.js";
import { useT } from "../../i18n/use-t.js";
import { InfoLayout } from "./InfoLayout.js";

/** Four categories of six features, each a tool of the catalogue (named and described as the catalogue has them). */
const CATEGORIES: ReadonlyArray<{ id: string; tools: readonly string[] }> = [
  { id: "convert", tools: ["pdf-to-word", "pdf-to-excel", "pdf-to-ppt", "pdf-to-jpg", "word-to-pdf", "jpg-to-pdf"] },
  { id: "edit", tools: ["organize-pdf", "rotate-pdf", "delete-pages", "add-watermark", "add-page-numbers", "annotate-pdf"] },
  { id: "protect", tools: ["protect-pdf", "unlock-pdf", "encrypt-pdf", "decrypt-pdf", "pdf-sign", "repair-pdf"] },
  { id: "advanced", tools: ["merge-pdf", "split-pdf", "compress-pdf", "ocr-pdf", "extract-text", "convert-pdf"] },
];

export default function FeaturesPage() {
  const t = useT("info");
  return (
    <InfoLayout path="/features" intro={t("features.intro")}>
      {CATEGORIES.map((category) => (
        <section key={category.id}>
          <h2>{t(`features.categories.${category.id}`)}</h2>
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
