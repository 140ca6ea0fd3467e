import type { TFunction } from "i18next";
import { Save, Trash2 } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import type { ToolDefinition } from "../../../../catalog/index.js";
import { buttonStyles, cardStyles } from "../../components/ui/styles.js";
import { DropArea } from "../../components/upload/DropArea.js";
import { fileStore, useSelectedFiles } from "../../lib/file-store.js";
import { useToolPageMeta } from "../../lib/page-meta.js";
import { useT } from "../../i18n/use-t.js";
import { toast } from "../../lib/toast-store.js";
import { kindOf, rulesForTool } from "../../lib/upload-rules.js";
import { usePdfDocument } from "../../lib/use-pdf-document.js";
import { useDeviceReady, useToolRun } from "../../lib/use-tool-run.js";
import { ProgressDialog } from "../tool/ProgressDialog.js";
import { ChosenFileHeader } from "../tool/ChosenFileHeader.js";
import { HowItWorks, stepsOf } from "../tool/HowItWorks.js";
import { ResultCard } from "../tool/ResultCard.js";
import { ToolHeader } from "../tool/ToolHeader.js";
import { DeviceFallback } from "../tool/WhereItRuns.js";
import { AnnotatedPage, type PageActions } from "./AnnotatedPage.js";
import { DEFAULT_STYLES, LINK_SCHEMES, createAnnotation, createDrawing, describeAnnotation, toRequest, type Annotation, type AnnotationStyle, type AnnotationType, type NewAnnotation } from "./annotation-model.js";
import { choosePdf } from "./choose-pdf.js";
import { PdfPages } from "./PdfPages.js";
import { SelectedAnnotation } from "./SelectedAnnotation.js";
import { StyleFields } from "./StyleFields.js";
import { ToolPicker } from "./ToolPicker.js";
import { useAnnotations } from "./use-annotations.js";
import { useScreenRunOptions } from "../tool/screen-run-options.js";

const HOW_TO_STEPS = 5;

/** The starting styles, with the placeholder texts new annotations carry written in the page's language. */
function localDefaults(t: TFunction): typeof DEFAULT_STYLES {
  return {
    ...DEFAULT_STYLES,
    text: { ...DEFAULT_STYLES.text, text: t("annotate.defaultText") },
    comment: { ...DEFAULT_STYLES.comment, text: t("annotate.defaultComment"), title: t("annotate.tools.comment") },
  };
}

/** The device is made ready before the annotations are placed; what they are does not change where the run goes. */
const NO_VALUES = {};

/** /annotate-pdf: the PDF's real pages, where clicks place annotations that are saved as real PDF annotations. */
export default function AnnotateScreen({ tool }: { tool: ToolDefinition }) {
  useToolPageMeta(tool);
  const t = useT("tool");
  // The spec's wording; the result waits in its card so that the visitor can keep annotating.
  const runOptions = useScreenRunOptions("annotate", { fallback: "annotate.run.failed", allowDevice: true });
  const file = useSelectedFiles().find((f) => kindOf(f) === "pdf");
  const pdf = usePdfDocument(file);
  const { items, selected, add, replace, remove, select, clear } = useAnnotations();
  const [current, setCurrent] = useState<AnnotationType>("text");
  const [styles, setStyles] = useState(() => localDefaults(t));
  const [pageIndex, setPageIndex] = useState(0);
  const { state, run, cancel, reset, runOnServer, prepare } = useToolRun(tool, runOptions);
  const files = useMemo(() => (file ? [file] : []), [file]);
  useDeviceReady(prepare, state, files, NO_VALUES);
  // The list that was saved: a download is offered only while it still matches what is on screen.
  const [saved, setSaved] = useState<readonly Annotation[] | null>(null);

  // A new file starts over: no annotations, no result, first page.
  useEffect(() => {
    clear();
    reset();
    setSaved(null);
    setPageIndex(0);
  }, [file, clear, reset]);

  const chooseTool = (type: AnnotationType) => {
    setCurrent(type);
    // The spec: choosing Shape starts from a rectangle.
    if (type === "shape") setStyles((all) => ({ ...all, shape: { ...all.shape, shapeType: "rectangle" } }));
    select(null);
  };

  const addWithToast = (a: NewAnnotation) => {
    add(a);
    toast({ title: t("annotate.added"), description: describeAnnotation(a) });
  };
  const actions: PageActions = {
    place: (at, page) => addWithToast(createAnnotation(current, styles[current], pageIndex, at, page)),
    draw: (stroke) => addWithToast(createDrawing(styles.draw, pageIndex, [stroke])),
    replace,
    remove,
    select,
  };

  const clearAll = () => {
    clear();
    toast({ title: t("annotate.cleared"), description: t("annotate.clearedText") });
  };

  const saveAnnotations = () => {
    if (!file || items.length === 0) {
      toast({ title: t("annotate.cannotProcess"), description: t("annotate.nothingToSave"), variant: "destructive" });
      return;
    }
    // The server refuses a link without a safe address; here the visitor is taken to the one to fix.
    const badLink = items.find((a) => a.type === "link" && !LINK_SCHEMES.test(a.url?.trim() ?? ""));
    if (badLink) {
      select(badLink.id);
      setPageIndex(badLink.position.pageIndex);
      toast({ title: t("annotate.cannotProcess"), description: t("annotate.badLink", { name: describeAnnotation(badLink) }), variant: "destructive" });
      return;
    }
    setSaved(items);
    void run([file], { annotations: items.map(toRequest) });
  };

  const result = state.result?.downloadUrl ? state.result : undefined;
  const editStyle = (patch: AnnotationStyle) =>
    selected ? replace({ ...selected, ...patch }) : setStyles((all) => ({ ...all, [current]: { ...all[current], ...patch } }));

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <ToolHeader tool={tool} />

      <div className="mt-8 grid gap-6 lg:grid-cols-3">
        <div className="min-w-0 lg:col-span-2">
          {!file ? (
            <DropArea rules={rulesForTool(tool)} onFiles={choosePdf} />
          ) : (
            <section className={`${cardStyles} p-3 sm:p-5`} aria-labelledby="annotate-file">
              <ChosenFileHeader
                file={file}
                headingId="annotate-file"
                detail={t("annotate.count", { count: items.length })}
                onChangeFile={() => fileStore.clear()}
                disabled={state.phase !== "idle"}
              />
              {items.length > 0 && (
                <div className="mt-3 flex flex-wrap justify-end gap-2">
                  <button type="button" className={buttonStyles.secondary} onClick={clearAll}>
                    <Trash2 className="h-4 w-4" aria-hidden="true" />
                    {t("annotate.clearAll")}
                  </button>
                  <button type="button" className={buttonStyles.primary} onClick={saveAnnotations} disabled={state.phase !== "idle"}>
                    <Save className="h-4 w-4" aria-hidden="true" />
                    {state.phase === "idle" ? t("annotate.save") : t("annotate.saving")}
                  </button>
                </div>
              )}

              {state.deviceFailure && <DeviceFallback reason={state.deviceFailure} onRunOnServer={runOnServer} />}
              {result &&
                (saved === items ? (
                  <ResultCard title={t("annotate.resultTitle")} result={result} linkLabel={t("annotate.download")} testId="annotate-result" />
                ) : (
                  <p className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100" aria-live="polite" data-testid="annotate-result">
                    {t("annotate.changedSinceSave")}
                  </p>
                ))}

              <PdfPages pdf={pdf} pageIndex={pageIndex} onPageChange={setPageIndex}>
                {(doc) => (
                  <AnnotatedPage
                    doc={doc}
                    pageIndex={pageIndex}
                    annotations={items.filter((a) => a.position.pageIndex === pageIndex)}
                    selectedId={selected?.id ?? null}
                    drawing={current === "draw"}
                    actions={actions}
                  />
                )}
              </PdfPages>

              {items.length > 0 && (
                <div className="mt-4">
                  <h3 className="text-sm font-semibold text-slate-900 dark:text-white">{t("annotate.listTitle")}</h3>
                  <ul className="mt-2 flex flex-wrap gap-2">
                    {items.map((a) => (
                      <li key={a.id}>
                        <button
                          type="button"
                          aria-pressed={a.id === selected?.id}
                          className="rounded-full border border-slate-300 px-3 py-1 text-xs text-slate-800 hover:bg-slate-100 aria-pressed:border-indigo-600 aria-pressed:bg-indigo-50 dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-800 dark:aria-pressed:bg-indigo-950"
                          onClick={() => {
                            select(a.id);
                            setPageIndex(a.position.pageIndex);
                          }}
                        >
                          {describeAnnotation(a)}
                        </button>
                      </li>
                    ))}
                  </ul>
                </div>
              )}
            </section>
          )}
        </div>

        <aside className="space-y-4">
          <section className={`${cardStyles} space-y-4 p-4`} aria-labelledby="annotate-tools">
            <h2 id="annotate-tools" className="font-semibold text-slate-900 dark:text-white">
              {t("annotate.toolsTitle")}
            </h2>
            <ToolPicker value={current} onChange={chooseTool} />
            {selected ? (
              <SelectedAnnotation annotation={selected} onChange={replace} onDelete={() => remove(selected.id)} onDone={() => select(null)} />
            ) : (
              <h3 className="font-semibold text-slate-900 dark:text-white">{t(`annotate.newOfKind.${current}`)}</h3>
            )}
            <StyleFields key={selected?.id ?? current} type={selected?.type ?? current} style={selected ?? styles[current]} onChange={editStyle} />
          </section>
          <HowItWorks steps={stepsOf(t, "annotate.how", HOW_TO_STEPS)} headingId="annotate-how" />
        </aside>
      </div>
      <ProgressDialog state={state} onCancel={cancel} />
    </div>
  );
}
