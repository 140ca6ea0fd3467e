import { QueryClientProvider } from "@tanstack/react-query";
import { lazy, Suspense, useState } from "react";
import { Route, Router, Switch } from "wouter";
import { Footer } from "./components/layout/Footer.js";
import { Header } from "./components/layout/Header.js";
import { ScrollOnNavigate } from "./components/layout/ScrollOnNavigate.js";
import { useSiteStructuredData } from "./lib/page-meta.js";
import { useCurrentToast } from "./lib/toast-store.js";
import { queryClient } from "./lib/query-client.js";
import { ThemeProvider } from "./lib/theme.js";
import { HomePage } from "./routes/home/HomePage.js";
import { TOOL_ALIASES } from "../../catalog/site-pages.js";
import { INFO_PAGES } from "./routes/info/info-routes.js";
import { NotFoundPage } from "./routes/NotFoundPage.js";
import type { Locale } from "../../catalog/locales.js";
import { routerBase } from "./i18n/boot.js";
import { useT } from "./i18n/use-t.js";
import { LanguageSuggestion } from "./components/layout/LanguageSuggestion.js";

// Everything but the home page loads on demand, so the first visit downloads only what it shows.
const ToolRoute = lazy(() => import("./routes/tool/ToolRoute.js"));
const WorkflowsPage = lazy(() => import("./routes/workflows/WorkflowsPage.js"));

// The notification area loads with the first toast, which always follows something the visitor did.
const Toaster = lazy(() => import("./components/Toaster.js").then((m) => ({ default: m.Toaster })));

function ToastHost() {
  const current = useCurrentToast();
  const [needed, setNeeded] = useState(false);
  if (current && !needed) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}

export function Loading() {
  const t = useT();
  return (
    <p role="status" className="mx-auto max-w-7xl px-4 py-16 text-center text-slate-600 dark:text-slate-300">
      {t("loading")}
    </p>
  );
}

function Routes() {
  return (
    <Suspense fallback={<Loading />}>
      <Switch>
        <Route path="/" component={HomePage} />
        {INFO_PAGES.map(({ path, Page }) => (
          <Route key={path} path={path} component={Page} />
        ))}
        <Route path="/not-found" component={NotFoundPage} />
        <Route path="/workflows" component={WorkflowsPage} />
        {Object.entries(TOOL_ALIASES).map(([path, toolId]) => (
          <Route key={path} path={path}>
            {() => <ToolRoute toolId={toolId} />}
          </Route>
        ))}
        <Route path="/tool/:name">{(params) => <ToolRoute toolId={params.name} />}</Route>
        <Route path="/:toolId">{(params) => <ToolRoute toolId={params.toolId} />}</Route>
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}

function SiteStructuredData() {
  useSiteStructuredData();
  return null;
}

function SkipLink() {
  const t = useT();
  return (
    <a href="#main" className="sr-only focus:not-sr-only focus:fixed focus:start-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2">
      {t("skipToContent")}
    </a>
  );
}

/**
 * The whole app in one language: the router's base is the language's prefix ("/de"), so every route, link and
 * navigation inside stays in it. `ssrPath` (the full address) is given when a page is rendered at build time
 * (web/prerender.ts).
 */
export function App({ locale, ssrPath }: { locale: Locale; ssrPath?: string }) {
  return (
    <Router base={routerBase(locale)} ssrPath={ssrPath}>
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <Suspense fallback={null}>
        <SkipLink />
        <SiteStructuredData />
        <div className="flex min-h-screen flex-col">
          <Header />
          <main id="main" className="flex-1">
            <Routes />
          </main>
          <Footer />
        </div>
        <ScrollOnNavigate />
        <ToastHost />
        <LanguageSuggestion />
        </Suspense>
      </ThemeProvider>
    </QueryClientProvider>
    </Router>
  );
}
