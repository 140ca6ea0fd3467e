import { cardStyles, mutedText } from "../../components/ui/styles.js";
import { useT } from "../../i18n/use-t.js";

/** The numbered how-it-works list beside a dedicated tool's card. */
export function HowItWorks({ steps, headingId }: { steps: readonly string[]; headingId: string }) {
  const t = useT("tool");
  return (
    <section className={`${cardStyles} p-4`} aria-labelledby={headingId}>
      <h2 id={headingId} className="font-semibold text-slate-900 dark:text-white">
        {t("howItWorks")}
      </h2>
      <ol className={`mt-2 list-decimal space-y-1 ps-5 text-sm ${mutedText}`}>
        {steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
    </section>
  );
}
