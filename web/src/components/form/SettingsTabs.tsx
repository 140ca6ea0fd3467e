import * as Tabs from "@radix-ui/react-tabs";
import type { ReactNode } from "react";
import { useT } from "../../i18n/use-t.js";

/** The spec's settings tabs (Basic Security, Advanced Options, ...): arrows move between them, Tab enters the panel. */
export function SettingsTabs({ tabs }: { tabs: ReadonlyArray<{ label: string; content: ReactNode }> }) {
  const t = useT();
  // Tab values become element ids: the tab's place, since its label may be in any script.
  return (
    <Tabs.Root defaultValue="tab-0" className="mt-4">
      <Tabs.List aria-label={t("settings")} className="flex flex-wrap gap-1 border-b border-slate-200 dark:border-slate-700">
        {tabs.map((tab, index) => (
          <Tabs.Trigger
            key={tab.label}
            value={`tab-${index}`}
            className="-mb-px border-b-2 border-transparent px-3 py-2 text-sm font-medium text-slate-600 hover:text-slate-900 data-[state=active]:border-indigo-600 data-[state=active]:text-indigo-700 dark:text-slate-300 dark:hover:text-white dark:data-[state=active]:border-indigo-400 dark:data-[state=active]:text-indigo-300"
          >
            {tab.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {tabs.map((tab, index) => (
        <Tabs.Content key={tab.label} value={`tab-${index}`} className="space-y-4 pt-4">
          {tab.content}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
