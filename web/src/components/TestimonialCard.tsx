import { Star } from "lucide-react";
import type { Testimonial } from "../content/testimonials.js";
import { cardStyles } from "./ui/styles.js";
import { useT } from "../i18n/use-t.js";

export function TestimonialCard({ testimonial }: { testimonial: Testimonial }) {
  const t = useT("home");
  return (
    <figure className={`${cardStyles} flex h-full flex-col p-6`}>
      <div className="flex gap-0.5" role="img" aria-label={t("testimonials.rating", { rating: testimonial.rating })}>
        {Array.from({ length: 5 }, (_, i) => (
          <Star
            key={i}
            className={`h-4 w-4 ${i < testimonial.rating ? "fill-amber-400 text-amber-400" : "text-slate-300 dark:text-slate-600"}`}
            aria-hidden="true"
          />
        ))}
      </div>
      <blockquote className="mt-3 flex-1 text-slate-700 dark:text-slate-200">{t("testimonials.quoted", { quote: t(`testimonials.items.${testimonial.id}.quote`) })}</blockquote>
      <figcaption className="mt-4 text-sm">
        <span className="font-semibold text-slate-900 dark:text-white">{testimonial.name}</span>
        <span className="block text-slate-600 dark:text-slate-400">
          {t("testimonials.roleAt", { role: t(`testimonials.items.${testimonial.id}.role`), company: testimonial.company })}
        </span>
      </figcaption>
    </figure>
  );
}
