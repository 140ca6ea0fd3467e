import { Cloud, Laptop } from "lucide-react";
import { processorIdOf, type ToolDefinition } from "../../../../catalog/index.js";
import { runsOnDevice, runsOnDeviceWith } from "../../../../catalog/on-device.js";
import { ToggleField } from "../../components/form/fields.js";
import { setPrefersServer, usePrefersServer } from "../../device/where-to-run.js";
import { useFileLifetime } from "../../lib/file-lifetime.js";
import { useT } from "../../i18n/use-t.js";

/**
 * Says where this tool's work happens. A tool that runs in the browser says so, with the switch that sends it to
 * the server instead (remembered in this browser); every other tool says it runs on the server and for how long
 * files stay there. `values`: the screen's settings, where some of them send the tool to the server (a
 * certificate signature).
 */
export function WhereItRuns({ tool, values }: { tool: ToolDefinition; values?: Readonly<Record<string, unknown>> }) {
  const t = useT("tool");
  const useServer = usePrefersServer();
  const lifetime = useFileLifetime();
  const box = "mt-4 flex gap-3 rounded-lg border border-slate-200 p-3 text-sm text-slate-800 dark:border-slate-700 dark:text-slate-100";
  if (!runsOnDevice(processorIdOf(tool))) {
    return (
      <div className={box} data-testid="where-it-runs">
        <Cloud className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
        <p>{t("whereItRuns.serverOnly", { lifetime })}</p>
      </div>
    );
  }
  if (values && !runsOnDeviceWith(processorIdOf(tool), values)) {
    return (
      <div className={box} data-testid="where-it-runs">
        <Cloud className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
        <p>{t("whereItRuns.certificateOnServer", { lifetime })}</p>
      </div>
    );
  }
  return (
    <div className={`${box} flex-col`} data-testid="where-it-runs">
      <p className="flex gap-3 font-medium">
        <Laptop className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
        {useServer ? t("whereItRuns.onServer", { lifetime }) : t("whereItRuns.onDevice")}
      </p>
      <ToggleField label={t("whereItRuns.useServer")} checked={useServer} onChange={setPrefersServer} hint={t("whereItRuns.remembered")} />
    </div>
  );
}

/** A device run failed where the server may not: why, and the server in one click. */
export function DeviceFallback({ reason, onRunOnServer }: { reason: string; onRunOnServer(): void }) {
  const t = useT("tool");
  return (
    <div role="alert" className="mt-6 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50" data-testid="device-fallback">
      <p className="font-medium">{t("whereItRuns.failedTitle")}</p>
      <p className="mt-1">{reason}</p>
      <button type="button" onClick={onRunOnServer} className="mt-3 rounded-md bg-amber-700 px-3 py-1.5 font-medium text-white hover:bg-amber-800">
        {t("whereItRuns.runOnServer")}
      </button>
    </div>
  );
}
