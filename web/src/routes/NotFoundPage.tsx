import { Home } from "lucide-react";
import { AppLink } from "../components/layout/AppLink.js";
import { buttonStyles } from "../components/ui/styles.js";
import { usePageMeta } from "../lib/page-meta.js";

export function NotFoundPage() {
  usePageMeta({
    title: "404 Page Not Found",
    description: "The page you were looking for does not exist.",
    path: "/not-found",
    robots: "noindex, follow",
  });
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <p className="text-6xl font-extrabold text-indigo-600 dark:text-indigo-400" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-3xl font-bold text-slate-900 dark:text-white">404 Page Not Found</h1>
      <p className="mt-3 text-slate-600 dark:text-slate-300">
        Sorry, we could not find that page. It may have moved, or the address may be mistyped.
      </p>
      <AppLink href="/" className={`${buttonStyles.primary} mt-8`}>
        <Home className="h-4 w-4" aria-hidden="true" />
        Back to Home
      </AppLink>
    </section>
  );
}
