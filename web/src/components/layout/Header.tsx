import { FileStack } from "lucide-react";
import { useLocation } from "wouter";
import { AppLink } from "./AppLink.js";
import { MobileMenu } from "./MobileMenu.js";
import { NavDropdown } from "./NavDropdown.js";
import { ALL_TOOLS_GROUPS, MENU_DROPDOWNS, PRIMARY_LINKS, VIEW_ALL_TOOLS } from "./nav-links.js";
import { ThemeToggle } from "./ThemeToggle.js";
import { useT } from "../../i18n/use-t.js";

export function Logo() {
  const t = useT();
  return (
    <AppLink href="/" className="flex items-center gap-2 rounded-lg text-lg font-bold text-slate-900 dark:text-white">
      <FileStack className="h-7 w-7 text-indigo-600 dark:text-indigo-400" aria-hidden="true" />
      {t("siteName")}
    </AppLink>
  );
}

export function Header() {
  const [location] = useLocation();
  const t = useT();
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur dark:border-slate-800 dark:bg-slate-950/95">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4">
        <Logo />
        <nav aria-label={t("nav.mainLabel")} className="hidden items-center gap-1 lg:flex">
          {PRIMARY_LINKS.map((link) => {
            const current = location === link.href;
            return (
              <AppLink
                key={link.href}
                href={link.href}
                aria-current={current ? "page" : undefined}
                className={`rounded-lg px-3 py-2 text-sm font-medium ${
                  current
                    ? "bg-indigo-50 text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300"
                    : "text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
                }`}
              >
                {t(link.label)}
              </AppLink>
            );
          })}
          <NavDropdown label={t("nav.allTools")} groups={ALL_TOOLS_GROUPS} footer={VIEW_ALL_TOOLS} />
          {MENU_DROPDOWNS.map((menu) => (
            <NavDropdown key={menu.title} label={t(menu.title)} groups={[menu]} />
          ))}
        </nav>
        <div className="flex items-center gap-1">
          <ThemeToggle />
          <MobileMenu />
        </div>
      </div>
    </header>
  );
}
