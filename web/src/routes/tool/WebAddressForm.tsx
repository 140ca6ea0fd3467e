import { Globe } from "lucide-react";
import { useId, useState, type ComponentType, type FormEvent } from "react";
import type { ToolDefinition } from "../../../../catalog/index.js";
import { buttonStyles, cardStyles, inputStyles, mutedText } from "../../components/ui/styles.js";
import { shapeOf } from "../../lib/option-schema.js";
import type { SettingsProps, Values } from "./settings/types.js";
import { useT } from "../../i18n/use-t.js";

/** Whether a tool can work from a web address instead of a file (its options have a `url` and it needs no file). */
export function takesWebAddress(tool: ToolDefinition): boolean {
  return tool.minFiles === 0 && "url" in shapeOf(tool.options);
}

interface Props {
  tool: ToolDefinition;
  values: Values;
  setValues(patch: Values): void;
  Settings: ComponentType<SettingsProps> | undefined;
  busy: boolean;
  onPrint(url: string): void;
}

/**
 * The other way in besides the drop area: the address of a public page, printed with the tool's own settings.
 * The address is checked here only for its form; the server decides what it may visit and says why not.
 */
export function WebAddressForm({ tool, values, setValues, Settings, busy, onPrint }: Props) {
  const t = useT("tool");
  const [address, setAddress] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const inputId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed = address.trim();
    const withScheme = /^https?:\/\//i.test(typed) ? typed : `https://${typed}`;
    let url: URL | undefined;
    try {
      url = new URL(withScheme);
    } catch {
      url = undefined;
    }
    if (!typed || !url || !url.hostname.includes(".")) {
      setProblem(t("webAddress.invalid"));
      return;
    }
    setProblem(null);
    onPrint(url.href);
  };
  return (
    // noValidate: the fields are checked here and by the server, each with a sentence, not the browser's bubbles.
    <form noValidate onSubmit={submit} className={`${cardStyles} mt-6 p-5`} aria-labelledby={`${inputId}-title`} data-testid="web-address-form">
      <h2 id={`${inputId}-title`} className="flex items-center gap-2 text-lg font-semibold text-slate-900 dark:text-white">
        <Globe className="h-5 w-5 text-indigo-600 dark:text-indigo-400" aria-hidden="true" />
        {t("webAddress.title")}
      </h2>
      <p className={`mt-1 text-sm ${mutedText}`}>{t("webAddress.intro")}</p>
      <label htmlFor={inputId} className="mt-4 block text-sm font-medium text-slate-800 dark:text-slate-100">
        {t("webAddress.label")}
      </label>
      <div className="mt-1 flex flex-col gap-2 sm:flex-row">
        <input
          id={inputId}
          type="url"
          inputMode="url"
          autoComplete="url"
          placeholder={t("webAddress.placeholder")}
          value={address}
          onChange={(event) => setAddress(event.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${inputId}-problem` : undefined}
          className={inputStyles}
        />
        <button type="submit" className={`${buttonStyles.primary} whitespace-nowrap`} disabled={busy}>
          {t("webAddress.submit")}
        </button>
      </div>
      {problem && (
        <p id={`${inputId}-problem`} className="mt-2 text-sm text-red-700 dark:text-red-300" role="alert">
          {problem}
        </p>
      )}
      {Settings && (
        <div className="mt-4">
          <Settings tool={tool} values={values} setValues={setValues} file={undefined} />
        </div>
      )}
    </form>
  );
}
