import { Search, X } from "lucide-react";
import { useId, useState, type KeyboardEvent } from "react";
import { AUTO_OCR_LANGUAGE, PRIMARY_OCR_LANGUAGE_CODES } from "../../../../catalog/ocr-languages.js";
import { SelectField } from "../../components/form/fields.js";
import { hintStyles, labelStyles } from "../../components/form/Field.js";
import { inputStyles } from "../../components/ui/styles.js";
import { searchLanguages } from "./language-search.js";
import { useInstalledOcrLanguages } from "./use-installed-languages.js";
import { useOcrLanguageName } from "./language-names.js";
import { useT } from "../../i18n/use-t.js";

interface Props {
  primary: string;
  extras: readonly string[];
  maxExtras: number;
  onChange(patch: { language?: string; multipleLanguages?: string[] }): void;
}

/**
 * The document's languages: the primary one from the 13 main ones (or detected from the pages' script), and further
 * ones found by name or code in the full list of Tesseract's languages. Tesseract reads them together ("eng+deu").
 * Once the server has said which languages it has installed, only those are offered.
 */
export function LanguagePicker({ primary, extras, maxExtras, onChange }: Props) {
  const t = useT("tool");
  const languageName = useOcrLanguageName();
  const installed = useInstalledOcrLanguages();
  const choosePrimary = (language: string) => onChange({ language, multipleLanguages: extras.filter((c) => c !== language) });
  const choices = [AUTO_OCR_LANGUAGE, ...PRIMARY_OCR_LANGUAGE_CODES.filter((code) => !installed || installed.has(code) || code === primary)];
  return (
    <div className="space-y-4">
      <SelectField label={t("ocr.primary")} value={primary} choices={choices} describe={languageName} onChange={choosePrimary} />
      <ExtraLanguages
        primary={primary}
        extras={extras}
        max={maxExtras}
        installed={installed}
        onChange={(multipleLanguages) => onChange({ multipleLanguages })}
      />
    </div>
  );
}

function ExtraLanguages({
  primary,
  extras,
  max,
  installed,
  onChange,
}: {
  primary: string;
  extras: readonly string[];
  max: number;
  installed: ReadonlySet<string> | undefined;
  onChange(extras: string[]): void;
}) {
  const t = useT("tool");
  const languageName = useOcrLanguageName();
  const id = useId();
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(0);
  const matches = searchLanguages(query, [primary, ...extras], undefined, installed, languageName);
  const full = extras.length >= max;
  const open = query.trim() !== "" && !full;

  const add = (code: string) => {
    onChange([...extras, code]);
    setQuery("");
    setActive(0);
  };
  // The combobox keys: arrows move through the matches, Enter adds the highlighted one, Escape clears the search.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      if (matches.length > 0) setActive((current) => (current + step + matches.length) % matches.length);
    } else if (event.key === "Enter") {
      event.preventDefault();
      const chosen = matches[Math.min(active, matches.length - 1)];
      if (chosen) add(chosen.code);
    } else if (event.key === "Escape") {
      setQuery("");
    }
  };

  return (
    <div>
      <label htmlFor={`${id}-search`} className={labelStyles}>
        {t("ocr.extras")}
      </label>
      {extras.length > 0 && (
        <ul className="mt-2 flex flex-wrap gap-2" aria-label={t("ocr.extrasChosen")}>
          {extras.map((code) => (
            <li
              key={code}
              className="inline-flex items-center gap-1 rounded-full bg-indigo-100 py-1 ps-3 pe-1 text-sm text-indigo-900 dark:bg-indigo-950 dark:text-indigo-100"
            >
              {languageName(code)}
              <button
                type="button"
                onClick={() => onChange(extras.filter((c) => c !== code))}
                aria-label={t("ocr.removeLanguage", { language: languageName(code) })}
                className="rounded-full p-1 hover:bg-indigo-200 dark:hover:bg-indigo-900"
              >
                <X className="h-3 w-3" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="relative mt-2">
        <Search className="pointer-events-none absolute start-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-500 dark:text-slate-400" aria-hidden="true" />
        <input
          id={`${id}-search`}
          type="text"
          role="combobox"
          aria-expanded={open && matches.length > 0}
          aria-controls={`${id}-matches`}
          aria-autocomplete="list"
          aria-activedescendant={open && matches[active] ? `${id}-${matches[active].code}` : undefined}
          aria-describedby={`${id}-hint`}
          placeholder={full ? t("ocr.extrasFull", { count: max }) : t("ocr.search")}
          disabled={full}
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          autoComplete="off"
          className={`${inputStyles} ps-9`}
        />
      </div>
      {open && (
        <ul
          id={`${id}-matches`}
          role="listbox"
          aria-label={t("ocr.matches")}
          className="mt-1 max-h-72 overflow-auto rounded-lg border border-slate-200 bg-white py-1 shadow-sm dark:border-slate-700 dark:bg-slate-800"
        >
          {matches.map((language, i) => (
            <li
              key={language.code}
              id={`${id}-${language.code}`}
              role="option"
              aria-selected={i === active}
              // Pointer down would take the focus from the search box before the click lands.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => add(language.code)}
              className={`cursor-pointer px-3 py-2 text-sm text-slate-900 dark:text-slate-100 ${i === active ? "bg-indigo-50 dark:bg-indigo-950" : ""}`}
            >
              {languageName(language.code)}
            </li>
          ))}
          {matches.length === 0 && (
            <li className="px-3 py-2 text-sm text-slate-600 dark:text-slate-300">
              {t(installed ? "ocr.noInstalledMatch" : "ocr.noMatch", { query: query.trim() })}
            </li>
          )}
        </ul>
      )}
      <p id={`${id}-hint`} className={hintStyles}>
        {t("ocr.extrasHint", { count: max })}{" "}
        {installed ? t("ocr.installedHint", { count: installed.size }) : t("ocr.missingPackHint")}
      </p>
    </div>
  );
}
