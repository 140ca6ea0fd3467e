import { NumberField, ToggleField } from "../../components/form/fields.js";
import type { PdfDocumentState } from "../../lib/use-pdf-document.js";
import type { bindings } from "../tool/settings/bindings.js";
import { PagesStatus } from "../tool/settings/PagesStatus.js";
import type { Values } from "../tool/settings/types.js";
import { PagePlacement, type SizeBounds } from "./PagePlacement.js";
import type { Placement } from "./placement.js";
import { SignaturePreview } from "./SignaturePreview.js";

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
  const last = values.signaturePage === "last";
  const pageCount = pdf.status === "ready" ? pdf.pageCount : undefined;
  const chosen = last ? (pageCount ?? 1) : Math.min(Number(values.signaturePage), pageCount ?? Infinity);
  const placement = values as unknown as Placement;
  return (
    <>
      <ToggleField
        label="Last Page"
        checked={last}
        hint={last ? "The signature goes on the last page." : "Off: choose the page below."}
        onChange={(on) => setValues({ signaturePage: on ? "last" : 1 })}
      />
      {!last && (
        <NumberField
          label="Page number"
          value={Number(values.signaturePage)}
          min={1}
          max={pageCount ?? Number.MAX_SAFE_INTEGER}
          fallback={1}
          hint={pageCount ? `1 to ${pageCount}` : undefined}
          onChange={(page) => setValues({ signaturePage: page })}
        />
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        {bind.slider("signatureX", "X position (from the left)", "%")}
        {bind.slider("signatureY", "Y position (from the top)", "%")}
        {bind.number("signatureWidth", "Width", `${bounds.width.min} to ${bounds.width.max} points (72 points = 1 inch)`)}
        {bind.number("signatureHeight", "Height", `${bounds.height.min} to ${bounds.height.max} points`)}
      </div>
      <p className="text-sm text-slate-600 dark:text-slate-300">Drag the box to place the signature on page {chosen}; drag its corner to resize it.</p>
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
