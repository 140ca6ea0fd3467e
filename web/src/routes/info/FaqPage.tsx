import * as Accordion from "@radix-ui/react-accordion";
import { ChevronDown } from "lucide-react";
import { useId, useState } from "react";
import { AppLink } from "../../components/layout/AppLink.js";
import { inputStyles } from "../../components/ui/styles.js";
import { useFileLifetime } from "../../lib/file-lifetime.js";
import { faqCategories, type FaqCategory } from "./faq-content.js";
import { InfoLayout } from "./InfoLayout.js";

/** The questions whose question or answer contains every word typed, category by category. */
function filterFaq(faq: readonly FaqCategory[], query: string) {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return faq.map((category) => ({
    ...category,
    questions: category.questions.filter(({ question, answer }) => {
      const text = `${question} ${answer}`.toLowerCase();
      return words.every((word) => text.includes(word));
    }),
  })).filter((category) => category.questions.length > 0);
}

export default function FaqPage() {
  const [query, setQuery] = useState("");
  const searchId = useId();
  const faq = faqCategories(useFileLifetime());
  const categories = filterFaq(faq, query);
  return (
    <InfoLayout path="/faq" intro="Quick answers about the tools, your files and your privacy.">
      <div>
        <label htmlFor={searchId} className="block text-sm font-medium">
          Search the questions
        </label>
        <input id={searchId} type="search" value={query} onChange={(e) => setQuery(e.target.value)} className={`${inputStyles} mt-1`} />
      </div>
      <nav aria-label="FAQ categories" className="flex flex-wrap gap-2">
        {faq.map((category) => (
          <a key={category.id} href={`#${category.id}`} className="rounded-full bg-slate-100 px-3 py-1 text-sm !no-underline dark:bg-slate-800">
            {category.title}
          </a>
        ))}
      </nav>
      {categories.length === 0 && <p role="status">No questions match “{query}”.</p>}
      {/* One accordion across all categories, so that only one answer is open at a time. */}
      <Accordion.Root type="single" collapsible>
        {categories.map((category) => (
          <section key={category.id} id={category.id} className="scroll-mt-20">
            <h2>{category.title}</h2>
            {category.questions.map(({ question, answer }) => (
              <Accordion.Item key={question} value={question} className="border-b border-slate-200 dark:border-slate-700">
                <Accordion.Header>
                  <Accordion.Trigger className="group flex w-full items-center justify-between py-4 text-start font-medium text-slate-900 dark:text-white">
                    {question}
                    <ChevronDown className="h-4 w-4 shrink-0 transition-transform group-data-[state=open]:rotate-180" aria-hidden="true" />
                  </Accordion.Trigger>
                </Accordion.Header>
                <Accordion.Content className="pb-4 text-slate-700 dark:text-slate-300">{answer}</Accordion.Content>
              </Accordion.Item>
            ))}
          </section>
        ))}
      </Accordion.Root>
      <p>
        Still stuck? <AppLink href="/contact">Contact us</AppLink>.
      </p>
    </InfoLayout>
  );
}
