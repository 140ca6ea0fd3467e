import { Home } from "lucide-react";
import { AppLink } from "../components/layout/AppLink.js";
import { buttonStyles } from "../components/ui/styles.js";
import { useT } from "../i18n/use-t.js";
import { usePageMeta } from "../lib/page-meta.js";

export function NotFoundPage() {
  const t = useT();
  usePageMeta({
    title: t("notFound.title"),
    description: t("notFound.description"),
    path: "/not-found",
    robots: "noindex, follow",
  });
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <p className="text-6xl font-extrabold text-indigo-600 dark:text-indigo-400" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-3xl font-bold text-slate-900 dark:text-white">{t("notFound.title")}</h1>
      <p className="mt-3 text-slate-600 dark:text-slate-300">{t("notFound.text")}</p>
      <AppLink href="/" className={`${buttonStyles.primary} mt-8`}>
        <Home className="h-4 w-4" aria-hidden="true" />
        {t("notFound.backHome")}
      </AppLink>
    </section>
  );
}
