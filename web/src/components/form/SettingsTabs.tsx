import * as Tabs from "@radix-ui/react-tabs";
import type { ReactNode } from "react";

/** Tab values become element ids, which may not contain spaces. */
const slug = (label: string) => label.toLowerCase().replace(/[^a-z0-9]+/g, "-");

/** The spec's settings tabs (Basic Security, Advanced Options, ...): arrows move between them, Tab enters the panel. */
export function SettingsTabs({ tabs }: { tabs: ReadonlyArray<{ label: string; content: ReactNode }> }) {
  return (
    <Tabs.Root defaultValue={slug(tabs[0]?.label ?? "")} className="mt-4">
      <Tabs.List aria-label="Settings" className="flex flex-wrap gap-1 border-b border-slate-200 dark:border-slate-700">
        {tabs.map((tab) => (
          <Tabs.Trigger
            key={tab.label}
            value={slug(tab.label)}
            className="-mb-px border-b-2 border-transparent px-3 py-2 text-sm font-medium text-slate-600 hover:text-slate-900 data-[state=active]:border-indigo-600 data-[state=active]:text-indigo-700 dark:text-slate-300 dark:hover:text-white dark:data-[state=active]:border-indigo-400 dark:data-[state=active]:text-indigo-300"
          >
            {tab.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {tabs.map((tab) => (
        <Tabs.Content key={tab.label} value={slug(tab.label)} className="space-y-4 pt-4">
          {tab.content}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
