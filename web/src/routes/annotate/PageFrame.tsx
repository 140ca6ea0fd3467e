import type { ReactNode } from "react";
import type { PageSize, Point } from "./annotation-model.js";
import type { PageImage } from "../../lib/use-page-image.js";
import { useT } from "../../i18n/use-t.js";

/**
 * A page drawn by pdf.js at its shape as seen, with whatever layer a screen lays over it once the page's size in
 * points is known (Annotate's annotations, Redact's areas).
 */
export function PageFrame({ image, page, imageTestId, children }: { image: PageImage; page: number; imageTestId: string; children(size: PageSize): ReactNode }) {
  const t = useT("tool");
  if (image.status === "error") {
    return <p className="p-8 text-center text-sm text-red-700 dark:text-red-300">{t("page.couldNotDraw", { page })}</p>;
  }
  const size = image.size;
  return (
    <div
      className="relative mx-auto w-full overflow-hidden bg-white shadow-md ring-1 ring-slate-200 dark:ring-slate-700"
      style={{ aspectRatio: size ? `${size.width} / ${size.height}` : "3 / 4", maxWidth: 900 }}
    >
      {image.status === "ready" ? (
        <img src={image.url} alt={t("page.label", { page })} className="absolute inset-0 h-full w-full select-none" draggable={false} data-testid={imageTestId} />
      ) : (
        <p className="absolute inset-0 flex items-center justify-center text-sm text-slate-600">{t("page.drawing", { page })}</p>
      )}
      {size && children(size)}
    </div>
  );
}

/** Where a pointer is on a layer laid over the whole page, in points from the page's top-left corner. */
export function pointOnLayer(layer: Element, size: PageSize, event: { clientX: number; clientY: number }): Point {
  const box = layer.getBoundingClientRect();
  return [((event.clientX - box.left) / box.width) * size.width, ((event.clientY - box.top) / box.height) * size.height];
}
