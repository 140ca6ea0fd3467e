import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { App } from "./App.js";

/** The home page as HTML, so that it paints before its JavaScript has loaded. */
export function renderHome(): string {
  return renderToString(
    <StrictMode>
      <App ssrPath="/" />
    </StrictMode>,
  );
}
