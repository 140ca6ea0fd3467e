import { useLocation } from "wouter";
import { LOCALE_NAMES, LOCALES, isLocale } from "../../../../catalog/locales.js";
import { useFileLifetime } from "../../lib/file-lifetime.js";
import { switchLanguage } from "../../i18n/preference.js";
import { useLocale, useT } from "../../i18n/use-t.js";
import { AppLink } from "./AppLink.js";
import { Logo } from "./Header.js";
import { FOOTER_GROUPS, LEARN_MORE_LINKS, type NavGroup } from "./nav-links.js";

const headingStyles = "mb-3 text-sm font-semibold text-slate-900 dark:text-white";
const linkStyles = "rounded text-sm text-slate-600 hover:text-indigo-700 dark:text-slate-300 dark:hover:text-indigo-300";

function FooterColumn({ group, external = false }: { group: NavGroup; external?: boolean }) {
  const Link = external ? "a" : AppLink;
  const t = useT();
  return (
    <div>
      <h2 className={headingStyles}>{t(group.title)}</h2>
      <ul className="space-y-2">
        {group.links.map((link) => (
          <li key={link.href}>
            <Link href={link.href} className={linkStyles}>
              {t(link.label)}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The same page in another language; the choice is remembered for the next visit. */
function LanguageSelect() {
  const t = useT();
  const locale = useLocale();
  const [location] = useLocation();
  return (
    <label className="flex items-center gap-2">
      {t("footer.language")}
      <select
        data-testid="language-select"
        className="rounded-md border border-slate-300 bg-white px-2 py-1 dark:border-slate-600 dark:bg-slate-800"
        value={locale}
        onChange={(event) => {
          const chosen = event.target.value;
          if (isLocale(chosen) && chosen !== locale) switchLanguage(chosen, location);
        }}
      >
        {LOCALES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LOCALE_NAMES[code]}
          </option>
        ))}
      </select>
    </label>
  );
}

export function Footer() {
  const lifetime = useFileLifetime();
  const t = useT();
  return (
    <footer className="border-t border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-900">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <Logo />
          <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">{t("footer.about", { lifetime })}</p>
        </div>
        {/* Learn More points at the server's own pages, outside the app, so its links are plain ones. */}
        <FooterColumn group={{ title: "footer.learnMore", links: LEARN_MORE_LINKS }} external />
        {FOOTER_GROUPS.map((group) => (
          <FooterColumn key={group.title} group={group} />
        ))}
      </div>
      <div className="mx-auto flex max-w-7xl flex-col items-start justify-between gap-3 border-t border-slate-200 px-4 py-6 text-sm text-slate-600 sm:flex-row sm:items-center dark:border-slate-800 dark:text-slate-300">
        {/* The home page's HTML is rendered at build time; the year is today's once the app runs. */}
        <p suppressHydrationWarning>{t("footer.copyright", { year: new Date().getFullYear() })}</p>
        <LanguageSelect />
      </div>
    </footer>
  );
}
