import { TestimonialCard } from "../../components/TestimonialCard.js";
import { TESTIMONIALS } from "../../content/testimonials.js";
import { InfoLayout } from "./InfoLayout.js";

const STATS = [
  ["100K+", "daily users"],
  ["5M+", "PDFs processed"],
  ["20+", "tools"],
  ["4.9", "rating"],
] as const;

export default function TestimonialsPage() {
  return (
    <InfoLayout path="/testimonials" intro="What people say about working with PDF Toolbox.">
      <dl className="grid grid-cols-2 gap-4 text-center sm:grid-cols-4">
        {STATS.map(([value, label]) => (
          <div key={label} className="flex flex-col-reverse rounded-xl bg-indigo-50 p-4 dark:bg-slate-900">
            <dt className="text-sm">{label}</dt>
            <dd className="text-2xl font-bold text-indigo-700 dark:text-indigo-300">{value}</dd>
          </div>
        ))}
      </dl>
      <ul className="grid gap-6 md:grid-cols-2">
        {TESTIMONIALS.map((testimonial) => (
          <li key={testimonial.id} className="!ml-0 !list-none">
            <TestimonialCard testimonial={testimonial} />
          </li>
        ))}
      </ul>
    </InfoLayout>
  );
}
