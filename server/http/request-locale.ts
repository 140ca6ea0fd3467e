import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Locale } from "../../catalog/locales.js";
import { requestLocale } from "../i18n/i18n.js";

declare module "fastify" {
  interface FastifyRequest {
    /** The language the reply's sentences are said in (i18n/i18n.ts requestLocale). */
    locale: Locale;
  }
}

/** Every request's language, from its Accept-Language header until a `lang` field says otherwise. */
export function registerRequestLocale(app: FastifyInstance): void {
  app.decorateRequest("locale", "en");
  app.addHook("onRequest", async (request) => {
    request.locale = requestLocale(headerOf(request));
  });
}

/** A `lang` form field (the web app sends the page's language) overrides the header. */
export function takeLangField(request: FastifyRequest, value: string): void {
  request.locale = requestLocale(headerOf(request), value);
}

function headerOf(request: FastifyRequest): string | undefined {
  const header = request.headers["accept-language"];
  return Array.isArray(header) ? header.join(",") : header;
}
