import { NumberField, ToggleField } from "../../components/form/fields.js";
import type { PdfDocumentState } from "../../lib/use-pdf-document.js";
import type { bindings } from "../tool/settings/bindings.js";
import { PagesStatus } from "../tool/settings/PagesStatus.js";
import type { Values } from "../tool/settings/types.js";
import { PagePlacement, type SizeBounds } from "./PagePlacement.js";
import type { Placement } from "./placement.js";
import { SignaturePreview } from "./SignaturePreview.js";
import { useT } from "../../i18n/use-t.js";

export interface PlacementTabProps {
  values: Values;
  setValues(patch: Values): void;
  bind: ReturnType<typeof bindings>;
  pdf: PdfDocumentState;
  bounds: SizeBounds;
  markUrl: string | undefined;
}

/** Which page, and where on it: the fields, and the real page with the box to drag. */
export function PlacementTab({ values, setValues, bind, pdf, bounds, markUrl }: PlacementTabProps) {
  const t = useT("tool");
  const last = values.signaturePage === "last";
  const pageCount = pdf.status === "ready" ? pdf.pageCount : undefined;
  const chosen = last ? (pageCount ?? 1) : Math.min(Number(values.signaturePage), pageCount ?? Infinity);
  const placement = values as unknown as Placement;
  return (
    <>
      <ToggleField
        label={t("sign.placement.lastPage")}
        checked={last}
        hint={last ? t("sign.placement.lastPageHint") : t("sign.placement.choosePage")}
        onChange={(on) => setValues({ signaturePage: on ? "last" : 1 })}
      />
      {!last && (
        <NumberField
          label={t("sign.placement.page")}
          value={Number(values.signaturePage)}
          min={1}
          max={pageCount ?? Number.MAX_SAFE_INTEGER}
          fallback={1}
          hint={pageCount ? t("sign.placement.pageRange", { count: pageCount }) : undefined}
          onChange={(page) => setValues({ signaturePage: page })}
        />
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        {bind.slider("signatureX", t("sign.placement.x"), "%")}
        {bind.slider("signatureY", t("sign.placement.y"), "%")}
        {bind.number("signatureWidth", t("sign.placement.width"), t("sign.placement.widthHint", { min: bounds.width.min, max: bounds.width.max }))}
        {bind.number("signatureHeight", t("sign.placement.height"), t("sign.placement.heightHint", { min: bounds.height.min, max: bounds.height.max }))}
      </div>
      <p className="text-sm text-slate-600 dark:text-slate-300">{t("sign.placement.drag", { page: chosen })}</p>
      <PagesStatus state={pdf}>
        {(doc) => (
          <PagePlacement
            doc={doc}
            pageNumber={chosen}
            placement={placement}
            bounds={bounds}
            onChange={setValues}
            renderMark={(pixelsPerPoint) => <SignaturePreview values={values} pixelsPerPoint={pixelsPerPoint} markUrl={markUrl} />}
          />
        )}
      </PagesStatus>
    </>
  );
}
