import { useQuery } from "@tanstack/react-query";
import { AnimatedCounter } from "./AnimatedCounter.js";
import { formatNumber } from "../../i18n/format.js";
import { useLocale, useT } from "../../i18n/use-t.js";

interface ServerStats {
  documentsProcessed: number;
  tools: number;
}

/**
 * Documents Processed and PDF Tools are the server's real figures; Users Worldwide and Average Rating are the
 * spec's marketing figures and are labelled as they are, without invented live increments.
 */
export function StatsStrip() {
  const { data } = useQuery<ServerStats>({ queryKey: ["/api/stats"] });
  const t = useT("home");
  const locale = useLocale();
  const whole = (n: number) => formatNumber(Math.round(n), locale);
  const stats = [
    {
      id: "users",
      value: 2,
      durationMs: 1800,
      format: (n: number) => t("stats.users", { value: formatNumber(Math.round(n) * 1_000_000, locale, { notation: "compact" }) }),
    },
    { id: "documents", value: data?.documentsProcessed, durationMs: 2500, format: whole },
    { id: "tools", value: data?.tools, durationMs: 2000, format: whole },
    {
      id: "rating",
      value: 4.8,
      durationMs: 2200,
      format: (n: number) => t("stats.rating", { value: formatNumber(n, locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }) }),
    },
  ];
  return (
    <section id="stats" aria-label={t("stats.label")} className="scroll-mt-20 border-y border-slate-200 bg-white py-10 dark:border-slate-800 dark:bg-slate-900">
      <dl className="mx-auto grid max-w-5xl grid-cols-2 gap-6 px-4 text-center md:grid-cols-4">
        {stats.map((stat) => (
          <div key={stat.id}>
            <dt className="text-sm text-slate-600 dark:text-slate-300">{t(`stats.labels.${stat.id}`)}</dt>
            <dd className="mt-1 text-3xl font-bold text-indigo-700 dark:text-indigo-300" data-testid={`stat-${stat.id}`}>
              {stat.value === undefined ? "–" : <AnimatedCounter value={stat.value} durationMs={stat.durationMs} format={stat.format} />}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
