import { Star } from "lucide-react";
import type { Testimonial } from "../content/testimonials.js";
import { cardStyles } from "./ui/styles.js";

export function TestimonialCard({ testimonial }: { testimonial: Testimonial }) {
  return (
    <figure className={`${cardStyles} flex h-full flex-col p-6`}>
      <div className="flex gap-0.5" role="img" aria-label={`Rated ${testimonial.rating} out of 5`}>
        {Array.from({ length: 5 }, (_, i) => (
          <Star
            key={i}
            className={`h-4 w-4 ${i < testimonial.rating ? "fill-amber-400 text-amber-400" : "text-slate-300 dark:text-slate-600"}`}
            aria-hidden="true"
          />
        ))}
      </div>
      <blockquote className="mt-3 flex-1 text-slate-700 dark:text-slate-200">“{testimonial.quote}”</blockquote>
      <figcaption className="mt-4 text-sm">
        <span className="font-semibold text-slate-900 dark:text-white">{testimonial.name}</span>
        <span className="block text-slate-600 dark:text-slate-400">
          {testimonial.role}, {testimonial.company}
        </span>
      </figcaption>
    </figure>
  );
}
