import "./lib/zod-jitless.js";
import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App } from "./App.js";
import { bootI18n } from "./i18n/boot.js";
import "./styles.css";

const locale = bootI18n();
const container = document.getElementById("root")!;
const app = (
  <StrictMode>
    <App locale={locale} />
  </StrictMode>
);

// A transition lets React do its work in short slices, so the page stays responsive on slow phones.
const start = () =>
  startTransition(() => {
    if (container.hasChildNodes()) hydrateRoot(container, app);
    else createRoot(container).render(app);
  });

if (container.hasChildNodes()) {
  // The home page arrives rendered (web/prerender.ts): let the browser paint it first, then make it interactive.
  requestAnimationFrame(() => setTimeout(start, 0));
} else {
  // Every other address starts from the empty shell and the router decides what to show.
  start();
}
