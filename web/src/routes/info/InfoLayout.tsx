import type { ReactNode } from "react";
import type { InfoPagePath } from "../../../../catalog/site-pages.js";
import { useT } from "../../i18n/use-t.js";
import { usePageMeta } from "../../lib/page-meta.js";
import { INFO_NAMESPACES } from "../../lib/site-pages.js";

/**
 * The frame of an information page: its metadata and heading in the page's language (common:pages.<name>, the
 * same words its prerendered head has), an introduction and readable prose.
 */
export function InfoLayout({ path, intro, children }: { path: InfoPagePath; intro?: ReactNode; children: ReactNode }) {
  const t = useT();
  const page = INFO_NAMESPACES[path];
  const title = t(`pages.${page}.title`);
  usePageMeta({ title, description: t(`pages.${page}.description`), path });
  return (
    <article className="mx-auto max-w-4xl px-4 py-12">
      <h1 className="text-4xl font-bold text-slate-900 dark:text-white">{title}</h1>
      {intro && <div className="mt-3 text-lg text-slate-600 dark:text-slate-300">{intro}</div>}
      <div className="mt-8 space-y-6 text-slate-700 dark:text-slate-200 [&_a]:text-indigo-700 [&_a]:underline dark:[&_a]:text-indigo-300 [&_h2]:mt-8 [&_h2]:text-2xl [&_h2]:font-semibold [&_h2]:text-slate-900 dark:[&_h2]:text-white [&_li]:ms-5 [&_li]:list-disc">
        {children}
      </div>
    </article>
  );
}
