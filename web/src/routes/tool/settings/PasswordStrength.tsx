import { Check, X } from "lucide-react";
import { useT } from "../../../i18n/use-t.js";

/** The advisory checks of the spec's strength meter (labels are tool:password.checks.<id>); none is enforced. */
export const STRENGTH_CHECKS: ReadonlyArray<{ id: string; test(password: string): boolean }> = [
  { id: "upper", test: (p) => /[A-Z]/.test(p) },
  { id: "lower", test: (p) => /[a-z]/.test(p) },
  { id: "digit", test: (p) => /\d/.test(p) },
  { id: "special", test: (p) => /[^A-Za-z0-9]/.test(p) },
  { id: "length", test: (p) => p.length >= 12 },
];

/** Red under 8 characters, yellow from 8 to 11, green from 12; 8 % of the width per character. */
export function strengthOf(password: string): { colour: "red" | "yellow" | "green"; width: number; label: "strong" | "medium" | "weak" } {
  const length = password.length;
  const width = Math.min(100, length * 8);
  if (length >= 12) return { colour: "green", width, label: "strong" };
  if (length >= 8) return { colour: "yellow", width, label: "medium" };
  return { colour: "red", width, label: "weak" };
}

const BAR = { red: "bg-red-600", yellow: "bg-yellow-500", green: "bg-green-600" } as const;

export function PasswordStrength({ password }: { password: string }) {
  const t = useT("tool");
  if (!password) return null;
  const strength = strengthOf(password);
  return (
    <div className="mt-2" aria-live="polite">
      <div className="h-2 rounded-full bg-slate-200 dark:bg-slate-700">
        <div className={`h-2 rounded-full ${BAR[strength.colour]}`} style={{ width: `${strength.width}%` }} />
      </div>
      <p className="mt-1 text-xs text-slate-700 dark:text-slate-300">{t("password.strength", { level: t(`password.levels.${strength.label}`) })}</p>
      <ul className="mt-1 grid grid-cols-1 gap-1 text-xs sm:grid-cols-2">
        {STRENGTH_CHECKS.map((check) => {
          const ok = check.test(password);
          const Icon = ok ? Check : X;
          return (
            <li key={check.id} className={`flex items-center gap-1 ${ok ? "text-green-700 dark:text-green-400" : "text-slate-600 dark:text-slate-400"}`}>
              <Icon className="h-3 w-3" aria-hidden="true" />
              {t(`password.checks.${check.id}`)}
              <span className="sr-only">{ok ? t("password.met") : t("password.notMet")}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
