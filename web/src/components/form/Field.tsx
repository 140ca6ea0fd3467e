import { useId, type ReactNode } from "react";

export const labelStyles = "block text-sm font-medium text-slate-800 dark:text-slate-100";
export const hintStyles = "mt-1 text-xs text-slate-600 dark:text-slate-400";

/** A labelled control; `children` gets the id to put on the control. Kept apart so light pages need not load the rest. */
export function Field({ label, hint, children }: { label: string; hint?: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className={labelStyles}>
        {label}
      </label>
      <div className="mt-1">{children(id)}</div>
      {hint && <p className={hintStyles}>{hint}</p>}
    </div>
  );
}
