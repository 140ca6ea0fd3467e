import { ArrowDown, ArrowUp, Download, FileUp, Plus, Trash2, Workflow } from "lucide-react";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { z } from "zod";
import { findTool, type ToolDefinition } from "../../../../catalog/index.js";
import { buttonStyles, cardStyles } from "../../components/ui/styles.js";
import { DropArea } from "../../components/upload/DropArea.js";
import { FileList } from "../../components/upload/FileList.js";
import { useSelectedFiles } from "../../lib/file-store.js";
import { usePageMeta } from "../../lib/page-meta.js";
import { toast } from "../../lib/toast-store.js";
import { rulesForTool } from "../../lib/upload-rules.js";
import { useToolRun } from "../../lib/use-tool-run.js";
import { ProgressDialog } from "../tool/ProgressDialog.js";
import { SETTINGS_PANELS } from "../tool/settings/index.js";
import { loadSavedWorkflow, newStep, parseWorkflow, runningStepLabel, saveWorkflow, toApiSteps, WORKFLOW_TOOLS, type WorkflowStep } from "./workflow.js";
import { useT } from "../../i18n/use-t.js";

/** POST /api/jobs/pipeline as a tool of its own, so that the run (upload, progress, cancel, result) is the tools' own. */
const PIPELINE: ToolDefinition = {
  ...findTool("rotate-pdf")!,
  id: "pipeline",
  name: "Workflow",
  options: z.object({ steps: z.string().default("[]") }),
};

function StepCard({
  step,
  index,
  count,
  onChange,
  onMove,
  onRemove,
}: {
  step: WorkflowStep;
  index: number;
  count: number;
  onChange(options: Record<string, unknown>): void;
  onMove(by: -1 | 1): void;
  onRemove(): void;
}) {
  const tool = findTool(step.tool)!;
  const Settings = SETTINGS_PANELS[tool.id];
  const titleId = useId();
  return (
    <li className={`${cardStyles} p-4`} aria-labelledby={titleId}>
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={titleId} className="flex-1 font-semibold text-slate-900 dark:text-white">
          Step {index + 1}: {tool.name}
        </h3>
        <button type="button" className={buttonStyles.ghost} onClick={() => onMove(-1)} disabled={index === 0} aria-label={`Move step ${index + 1} up`}>
          <ArrowUp className="h-4 w-4" aria-hidden="true" />
        </button>
        <button type="button" className={buttonStyles.ghost} onClick={() => onMove(1)} disabled={index === count - 1} aria-label={`Move step ${index + 1} down`}>
          <ArrowDown className="h-4 w-4" aria-hidden="true" />
        </button>
        <button type="button" className={buttonStyles.ghost} onClick={onRemove} aria-label={`Remove step ${index + 1}`}>
          <Trash2 className="h-4 w-4" aria-hidden="true" />
        </button>
      </div>
      {Settings ? (
        <div className="mt-3">
          <Settings tool={tool} values={step.options} setValues={(patch) => onChange({ ...step.options, ...patch })} file={undefined} />
        </div>
      ) : (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{tool.description}</p>
      )}
    </li>
  );
}

/** /workflows: tools in a row, built from the catalogue, run on dropped files as one job, saved in the browser and as a file. */
export default function WorkflowsPage() {
  const tCommon = useT();
  usePageMeta({ title: tCommon("pages.workflows.title"), description: tCommon("pages.workflows.description"), path: "/workflows" });
  const [steps, setSteps] = useState<WorkflowStep[]>(() => loadSavedWorkflow());
  const [adding, setAdding] = useState(WORKFLOW_TOOLS[0]!.id);
  const files = useSelectedFiles();
  const loader = useRef<HTMLInputElement>(null);
  const toolPicker = useId();
  const { state, run, cancel } = useToolRun(PIPELINE, { success: { title: "Workflow complete", description: "Every step ran; your file is ready." }, autoDownload: false });
  useEffect(() => saveWorkflow(steps), [steps]);
  const first = steps[0] ? findTool(steps[0].tool) : undefined;
  const rules = rulesForTool(first ?? findTool("merge-pdf")!);
  const json = useMemo(() => JSON.stringify(toApiSteps(steps), null, 2), [steps]);

  const update = (change: (all: WorkflowStep[]) => void) =>
    setSteps((current) => {
      const next = [...current];
      change(next);
      return next;
    });
  const move = (index: number, by: -1 | 1) => update((all) => all.splice(index + by, 0, ...all.splice(index, 1)));

  // The steps as sent, for the progress dialog to name the one running (the editor stays editable behind it).
  const running = useRef<readonly WorkflowStep[]>([]);
  const process = () => {
    running.current = steps;
    if (steps.length === 0) toast({ title: "No steps yet", description: "Add at least one tool to the workflow.", variant: "destructive" });
    else void run(files, { steps: JSON.stringify(toApiSteps(steps)) });
  };

  const loadFile = async (file: File | undefined) => {
    if (!file) return;
    try {
      setSteps(parseWorkflow(await file.text()));
      toast({ title: "Workflow loaded", description: `${file.name} is ready to run.` });
    } catch (error) {
      toast({ title: "Could not load the workflow", description: (error as Error).message, variant: "destructive" });
    }
  };

  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <header className="flex items-start gap-4">
        <span className="rounded-xl bg-indigo-100 p-3 dark:bg-indigo-950">
          <Workflow className="h-8 w-8 text-indigo-700 dark:text-indigo-300" aria-hidden="true" />
        </span>
        <div>
          <h1 className="text-3xl font-bold text-slate-900 dark:text-white">Workflows</h1>
          <p className="mt-1 text-slate-600 dark:text-slate-300">
            Several tools in a row, in one go: each step works on what the step before made. Your steps are kept in this browser.
          </p>
        </div>
      </header>

      <section className="mt-8" aria-labelledby="steps-title">
        <h2 id="steps-title" className="text-xl font-semibold text-slate-900 dark:text-white">
          Steps
        </h2>
        {steps.length === 0 && <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">No steps yet: choose a tool and add it.</p>}
        <ol className="mt-3 space-y-3">
          {steps.map((step, index) => (
            <StepCard
              key={`${index}-${step.tool}`}
              step={step}
              index={index}
              count={steps.length}
              onChange={(options) => update((all) => (all[index] = { ...all[index]!, options }))}
              onMove={(by) => move(index, by)}
              onRemove={() => update((all) => all.splice(index, 1))}
            />
          ))}
        </ol>
        <div className="mt-3 flex flex-wrap items-center gap-2">
          <label htmlFor={toolPicker} className="text-sm text-slate-800 dark:text-slate-100">
            Tool
          </label>
          <select
            id={toolPicker}
            className="rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm dark:border-slate-600 dark:bg-slate-800"
            value={adding}
            onChange={(e) => setAdding(e.target.value)}
          >
            {WORKFLOW_TOOLS.map((tool) => (
              <option key={tool.id} value={tool.id}>
                {tool.name}
              </option>
            ))}
          </select>
          <button type="button" className={buttonStyles.secondary} onClick={() => setSteps((s) => [...s, newStep(adding)])} disabled={steps.length >= 20}>
            <Plus className="h-4 w-4" aria-hidden="true" />
            Add step
          </button>
          <a
            className={buttonStyles.secondary}
            href={`data:application/json;charset=utf-8,${encodeURIComponent(json)}`}
            download="workflow.json"
            aria-disabled={steps.length === 0}
          >
            <Download className="h-4 w-4" aria-hidden="true" />
            Download workflow
          </a>
          <button type="button" className={buttonStyles.secondary} onClick={() => loader.current?.click()}>
            <FileUp className="h-4 w-4" aria-hidden="true" />
            Load workflow
          </button>
          <input ref={loader} type="file" accept="application/json,.json" className="sr-only" aria-label="Workflow file" onChange={(e) => void loadFile(e.target.files?.[0])} />
        </div>
      </section>

      <section className="mt-8" aria-label="Files">
        {files.length === 0 ? (
          <DropArea rules={rules} />
        ) : (
          <FileList files={files} rules={rules} title="Selected Files" processLabel="Run Workflow" onProcess={process} busy={state.phase !== "idle"} />
        )}
      </section>

      {state.result?.downloadUrl && (
        <section className={`${cardStyles} mt-6 p-4`} aria-live="polite" data-testid="result">
          <p className="text-sm text-slate-800 dark:text-slate-100">{state.result.message ?? "Your file is ready."}</p>
          <a href={state.result.downloadUrl} download={state.result.filename} className={`${buttonStyles.primary} mt-3`}>
            <Download className="h-4 w-4" aria-hidden="true" />
            Download {state.result.filename ?? "your file"}
          </a>
        </section>
      )}
      <p className="mt-8 text-sm text-slate-600 dark:text-slate-300">
        The downloaded file is the <code>steps</code> field of <a href="/api/docs" className="underline">POST /api/pipeline</a>, unchanged.
      </p>
      <ProgressDialog state={state} onCancel={cancel} detail={state.phase === "processing" ? runningStepLabel(running.current, state.fraction) : undefined} />
    </div>
  );
}
