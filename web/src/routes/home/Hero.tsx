import { ArrowDown, ShieldCheck, Sparkles, Zap } from "lucide-react";
import { buttonStyles } from "../../components/ui/styles.js";
import { useT } from "../../i18n/use-t.js";
import { useFileLifetime } from "../../lib/file-lifetime.js";

const BADGES = [
  { label: "hero.badges.secure", Icon: ShieldCheck },
  { label: "hero.badges.speed", Icon: Zap },
  { label: "hero.badges.preservation", Icon: Sparkles },
] as const;

export function Hero() {
  const lifetime = useFileLifetime();
  const t = useT("home");
  return (
    <section className="bg-gradient-to-b from-indigo-50 to-white px-4 pb-12 pt-16 text-center dark:from-slate-900 dark:to-slate-950">
      <h1 className="mx-auto max-w-3xl text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl dark:text-white">
        {t("hero.title")}
      </h1>
      <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-700 dark:text-slate-300">
        {t("hero.text", { lifetime })}
      </p>
      <p className="mt-3 font-semibold text-indigo-700 dark:text-indigo-300">{t("hero.tagline")}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <a href="#tools" className={`${buttonStyles.primary} px-6 py-3 text-base`}>
          {t("hero.explore")}
        </a>
        <a href="#stats" className={`${buttonStyles.secondary} px-6 py-3 text-base`}>
          {t("hero.howItWorks")}
          <ArrowDown className="h-4 w-4" aria-hidden="true" />
        </a>
      </div>
      <ul className="mt-8 flex flex-wrap justify-center gap-3">
        {BADGES.map(({ label, Icon }) => (
          <li key={label} className="flex items-center gap-2 rounded-full bg-white px-4 py-2 text-sm font-medium text-slate-800 shadow-sm dark:bg-slate-800 dark:text-slate-100">
            <Icon className="h-4 w-4 text-indigo-600 dark:text-indigo-400" aria-hidden="true" />
            {t(label)}
          </li>
        ))}
      </ul>
    </section>
  );
}
