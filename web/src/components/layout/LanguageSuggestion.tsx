import { Languages, X } from "lucide-react";
import { useEffect, useState } from "react";
import type { TFunction } from "i18next";
import { useLocation } from "wouter";
import { LANGUAGE_TAGS, type Locale } from "../../../../catalog/locales.js";
import { i18n } from "../../i18n/i18n.js";
import { rememberLanguageChoice, suggestedLocale, switchLanguage } from "../../i18n/preference.js";
import { useLocale } from "../../i18n/use-t.js";

/**
 * On the English home page, a visitor whose browser prefers one of our other languages is offered it, in that
 * language; nothing moves until they choose. Closing the offer keeps English and is remembered.
 */
export function LanguageSuggestion() {
  const locale = useLocale();
  const [location] = useLocation();
  const [offer, setOffer] = useState<{ locale: Locale; t: TFunction } | undefined>();
  const onEnglishHome = locale === "en" && location === "/";

  useEffect(() => {
    if (!onEnglishHome) return;
    const suggested = suggestedLocale(navigator.languages ?? [navigator.language]);
    if (!suggested) return;
    let cancelled = false;
    void i18n.reloadResources([suggested], ["common"]).then(() => {
      if (!cancelled) setOffer({ locale: suggested, t: i18n.getFixedT(suggested, "common") });
    });
    return () => {
      cancelled = true;
    };
  }, [onEnglishHome]);

  if (!offer || !onEnglishHome) return null;
  const { t } = offer;
  return (
    <div
      role="region"
      aria-label={t("suggestion.label")}
      lang={LANGUAGE_TAGS[offer.locale]}
      data-testid="language-suggestion"
      className="fixed inset-x-4 bottom-4 z-40 mx-auto flex max-w-xl items-center gap-3 rounded-xl border border-indigo-200 bg-white p-4 text-sm shadow-lg dark:border-indigo-800 dark:bg-slate-900"
    >
      <Languages className="h-5 w-5 shrink-0 text-indigo-600 dark:text-indigo-400" aria-hidden="true" />
      <p className="flex-1 text-slate-700 dark:text-slate-200">{t("suggestion.text")}</p>
      <button
        type="button"
        onClick={() => switchLanguage(offer.locale, "/")}
        className="rounded-lg bg-indigo-600 px-3 py-2 font-medium text-white hover:bg-indigo-700"
      >
        {t("suggestion.switch")}
      </button>
      <button
        type="button"
        aria-label={t("suggestion.dismiss")}
        onClick={() => {
          rememberLanguageChoice("en");
          setOffer(undefined);
        }}
        className="rounded-lg p-2 text-slate-500 hover:bg-slate-100 dark:text-slate-400 dark:hover:bg-slate-800"
      >
        <X className="h-4 w-4" aria-hidden="true" />
      </button>
    </div>
  );
}
