import { Download, Globe, Lock, Settings2, Upload, Zap } from "lucide-react";
import { TestimonialCard } from "../../components/TestimonialCard.js";
import { buttonStyles, cardStyles } from "../../components/ui/styles.js";
import { TESTIMONIALS } from "../../content/testimonials.js";
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

const reasons = (lifetime: string) => [
  { title: "100% Secure", text: `Files travel over an encrypted connection where the site is served over HTTPS, and are deleted ${lifetime} after upload.`, Icon: Lock },
  { title: "Lightning Fast", text: "Real engines (qpdf, MuPDF, Ghostscript) do the work on our server in seconds, even for long documents.", Icon: Zap },
  { title: "Works Everywhere", text: "Any modern browser on a phone, tablet or computer. Nothing to install, no account to create.", Icon: Globe },
];

export function WhyChoose() {
  const lifetime = useFileLifetime();
  return (
    <section className={`${belowTheFold} bg-slate-50 px-4 py-16 dark:bg-slate-900`} aria-labelledby="why-title">
      <SectionTitle id="why-title">Why Choose PDF Toolbox</SectionTitle>
      <ul className="mx-auto mt-10 grid max-w-5xl gap-6 md:grid-cols-3">
        {reasons(lifetime).map(({ title, text, Icon }) => (
          <li key={title} className={`${cardStyles} p-6`}>
            <Icon className="h-8 w-8 text-indigo-600 dark:text-indigo-400" aria-hidden="true" />
            <h3 className="mt-3 text-lg font-semibold text-slate-900 dark:text-white">{title}</h3>
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

const STEPS = [
  { title: "Upload", text: "Drop your files or select them from your device.", Icon: Upload },
  { title: "Process", text: "Pick a tool and its settings; watch the real progress.", Icon: Settings2 },
  { title: "Download", text: "Your result downloads as soon as it is ready.", Icon: Download },
] as const;

export function HowItWorks() {
  return (
    <section className={`${belowTheFold} px-4 py-16`} aria-labelledby="how-title">
      <SectionTitle id="how-title">How It Works</SectionTitle>
      <ol className="mx-auto mt-10 grid max-w-5xl gap-6 md:grid-cols-3">
        {STEPS.map(({ title, text, Icon }, index) => (
          <li key={title} className="text-center">
            <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-indigo-100 dark:bg-indigo-950">
              <Icon className="h-7 w-7 text-indigo-700 dark:text-indigo-300" aria-hidden="true" />
            </span>
            <h3 className="mt-3 text-lg font-semibold text-slate-900 dark:text-white">
              {index + 1}. {title}
            </h3>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}

export function HomeTestimonials() {
  return (
    <section className={`${belowTheFold} bg-slate-50 px-4 py-16 dark:bg-slate-900`} aria-labelledby="trusted-title">
      <SectionTitle id="trusted-title">Trusted by Millions</SectionTitle>
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
  return (
    <section className={`${belowTheFold} px-4 py-16 text-center`} aria-labelledby="cta-title">
      <SectionTitle id="cta-title">Ready to work with your PDFs?</SectionTitle>
      <p className="mx-auto mt-3 max-w-xl text-slate-600 dark:text-slate-300">Free, no sign-up, and your files are gone within the hour.</p>
      <a href="#" className={`${buttonStyles.primary} mt-6 px-6 py-3 text-base`}>
        Get Started Now
      </a>
    </section>
  );
}
