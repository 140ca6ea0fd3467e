import { Download, Globe, Lock, Settings2, Upload, Zap } from "lucide-react";
import { TestimonialCard } from "../../components/TestimonialCard.js";
import { buttonStyles, cardStyles } from "../../components/ui/styles.js";
import { TESTIMONIALS } from "../../content/testimonials.js";
import { useT } from "../../i18n/use-t.js";
import { useFileLifetime } from "../../lib/file-lifetime.js";

/** Sections below the first screen: the browser skips their layout and paint until they come near the view. */
const belowTheFold = "[content-visibility:auto] [contain-intrinsic-size:auto_640px]";

function SectionTitle({ id, children }: { id: string; children: string }) {
  return (
    <h2 id={id} className="text-center text-3xl font-bold text-slate-900 dark:text-white">
      {children}
    </h2>
  );
}

const REASONS = [
  { key: "secure", Icon: Lock },
  { key: "fast", Icon: Zap },
  { key: "everywhere", Icon: Globe },
] as const;

export function WhyChoose() {
  const lifetime = useFileLifetime();
  const t = useT("home");
  return (
    <section className={`${belowTheFold} bg-slate-50 px-4 py-16 dark:bg-slate-900`} aria-labelledby="why-title">
      <SectionTitle id="why-title">{t("why.title")}</SectionTitle>
      <ul className="mx-auto mt-10 grid max-w-5xl gap-6 md:grid-cols-3">
        {REASONS.map(({ key, Icon }) => (
          <li key={key} className={`${cardStyles} p-6`}>
            <Icon className="h-8 w-8 text-indigo-600 dark:text-indigo-400" aria-hidden="true" />
            <h3 className="mt-3 text-lg font-semibold text-slate-900 dark:text-white">{t(`why.${key}.title`)}</h3>
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{t(`why.${key}.text`, { lifetime })}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

const STEPS = [
  { key: "upload", Icon: Upload },
  { key: "process", Icon: Settings2 },
  { key: "download", Icon: Download },
] as const;

export function HowItWorks() {
  const t = useT("home");
  return (
    <section className={`${belowTheFold} px-4 py-16`} aria-labelledby="how-title">
      <SectionTitle id="how-title">{t("how.title")}</SectionTitle>
      <ol className="mx-auto mt-10 grid max-w-5xl gap-6 md:grid-cols-3">
        {STEPS.map(({ key, Icon }, index) => (
          <li key={key} className="text-center">
            <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-indigo-100 dark:bg-indigo-950">
              <Icon className="h-7 w-7 text-indigo-700 dark:text-indigo-300" aria-hidden="true" />
            </span>
            <h3 className="mt-3 text-lg font-semibold text-slate-900 dark:text-white">
              {t("how.step", { number: index + 1, title: t(`how.${key}.title`) })}
            </h3>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t(`how.${key}.text`)}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}

export function HomeTestimonials() {
  const t = useT("home");
  return (
    <section className={`${belowTheFold} bg-slate-50 px-4 py-16 dark:bg-slate-900`} aria-labelledby="trusted-title">
      <SectionTitle id="trusted-title">{t("trusted.title")}</SectionTitle>
      <ul className="mx-auto mt-10 grid max-w-6xl gap-6 md:grid-cols-2 lg:grid-cols-3">
        {TESTIMONIALS.slice(0, 6).map((testimonial) => (
          <li key={testimonial.id}>
            <TestimonialCard testimonial={testimonial} />
          </li>
        ))}
      </ul>
    </section>
  );
}

export function FinalCallToAction() {
  const t = useT("home");
  return (
    <section className={`${belowTheFold} px-4 py-16 text-center`} aria-labelledby="cta-title">
      <SectionTitle id="cta-title">{t("cta.title")}</SectionTitle>
      <p className="mx-auto mt-3 max-w-xl text-slate-600 dark:text-slate-300">{t("cta.text")}</p>
      <a href="#" className={`${buttonStyles.primary} mt-6 px-6 py-3 text-base`}>
        {t("cta.start")}
      </a>
    </section>
  );
}
