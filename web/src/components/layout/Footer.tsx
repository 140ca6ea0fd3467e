import { useFileLifetime } from "../../lib/file-lifetime.js";
import { AppLink } from "./AppLink.js";
import { Logo } from "./Header.js";
import { FOOTER_GROUPS, LANGUAGES, LEARN_MORE_LINKS, type NavGroup } from "./nav-links.js";

const headingStyles = "mb-3 text-sm font-semibold text-slate-900 dark:text-white";
const linkStyles = "rounded text-sm text-slate-600 hover:text-indigo-700 dark:text-slate-300 dark:hover:text-indigo-300";

function FooterColumn({ group, external = false }: { group: NavGroup; external?: boolean }) {
  const Link = external ? "a" : AppLink;
  return (
    <div>
      <h2 className={headingStyles}>{group.title}</h2>
      <ul className="space-y-2">
        {group.links.map((link) => (
          <li key={link.href}>
            <Link href={link.href} className={linkStyles}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function Footer() {
  const lifetime = useFileLifetime();
  return (
    <footer className="border-t border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-900">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <Logo />
          <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">
            Free PDF tools that do the real work, in your browser or on our server: merge, split, compress, convert, protect
            and more. No sign-up; files on our server are deleted {lifetime} after upload.
          </p>
        </div>
        {/* Learn More points at the server's own pages, outside the app, so its links are plain ones. */}
        <FooterColumn group={{ title: "Learn More", links: LEARN_MORE_LINKS }} external />
        {FOOTER_GROUPS.map((group) => (
          <FooterColumn key={group.title} group={group} />
        ))}
      </div>
      <div className="mx-auto flex max-w-7xl flex-col items-start justify-between gap-3 border-t border-slate-200 px-4 py-6 text-sm text-slate-600 sm:flex-row sm:items-center dark:border-slate-800 dark:text-slate-300">
        {/* The home page's HTML is rendered at build time; the year is today's once the app runs. */}
        <p suppressHydrationWarning>© {new Date().getFullYear()} PDF Toolbox. All rights reserved.</p>
        <label className="flex items-center gap-2">
          Language
          <select className="rounded-md border border-slate-300 bg-white px-2 py-1 dark:border-slate-600 dark:bg-slate-800" defaultValue="English">
            {LANGUAGES.map((language) => (
              <option key={language}>{language}</option>
            ))}
          </select>
        </label>
      </div>
    </footer>
  );
}
