import { useQuery } from "@tanstack/react-query";
import { AnimatedCounter } from "./AnimatedCounter.js";

interface ServerStats {
  documentsProcessed: number;
  tools: number;
}

const whole = (n: number) => Math.round(n).toLocaleString("en");

/**
 * Documents Processed and PDF Tools are the server's real figures; Users Worldwide and Average Rating are the
 * spec's marketing figures and are labelled as they are, without invented live increments.
 */
export function StatsStrip() {
  const { data } = useQuery<ServerStats>({ queryKey: ["/api/stats"] });
  const stats = [
    { label: "Users Worldwide", value: 2, durationMs: 1800, format: (n: number) => `${Math.round(n)}M+` },
    { label: "Documents Processed", value: data?.documentsProcessed, durationMs: 2500, format: whole },
    { label: "PDF Tools", value: data?.tools, durationMs: 2000, format: whole },
    { label: "Average Rating", value: 4.8, durationMs: 2200, format: (n: number) => `${n.toFixed(1)}/5` },
  ];
  return (
    <section id="stats" aria-label="Statistics" className="scroll-mt-20 border-y border-slate-200 bg-white py-10 dark:border-slate-800 dark:bg-slate-900">
      <dl className="mx-auto grid max-w-5xl grid-cols-2 gap-6 px-4 text-center md:grid-cols-4">
        {stats.map((stat) => (
          <div key={stat.label}>
            <dt className="text-sm text-slate-600 dark:text-slate-300">{stat.label}</dt>
            <dd className="mt-1 text-3xl font-bold text-indigo-700 dark:text-indigo-300" data-testid={`stat-${stat.label}`}>
              {stat.value === undefined ? "–" : <AnimatedCounter value={stat.value} durationMs={stat.durationMs} format={stat.format} />}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
