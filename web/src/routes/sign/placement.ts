/** A page as the visitor sees it (after rotation and cropping), in points. */
export interface PageSize {
  width: number;
  height: number;
}

/** The signature box as percentages of the page's width and height, from its top left corner. */
export interface BoxPercent {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface Placement {
  signatureX: number;
  signatureY: number;
  signatureWidth: number;
  signatureHeight: number;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
const oneDecimal = (value: number) => Math.round(value * 10) / 10;

/**
 * Where the server will put the box (pdf-ops/sign/appearance.ts placeSignature): its top left corner at x and y
 * percent of the page, its size in points, and pulled back inside the page where it would stick out. The preview
 * uses this so that what is shown is what is signed.
 */
export function boxOnPage(placement: Placement, page: PageSize): BoxPercent {
  const width = Math.min(placement.signatureWidth, page.width);
  const height = Math.min(placement.signatureHeight, page.height);
  const left = clamp((placement.signatureX / 100) * page.width, 0, page.width - width);
  const top = clamp((placement.signatureY / 100) * page.height, 0, page.height - height);
  return { left: (left / page.width) * 100, top: (top / page.height) * 100, width: (width / page.width) * 100, height: (height / page.height) * 100 };
}

/** x and y for a box dragged to `left`/`top` percent, kept whole on the page, to a tenth of a percent. */
export function moveBox(left: number, top: number, box: BoxPercent): Pick<Placement, "signatureX" | "signatureY"> {
  return {
    signatureX: oneDecimal(clamp(left, 0, Math.max(0, 100 - box.width))),
    signatureY: oneDecimal(clamp(top, 0, Math.max(0, 100 - box.height))),
  };
}

/** A width and height in points within the catalogue's bounds, whole points. */
export function resizeBox(
  width: number,
  height: number,
  bounds: { width: { min: number; max: number }; height: { min: number; max: number } },
): Pick<Placement, "signatureWidth" | "signatureHeight"> {
  return {
    signatureWidth: Math.round(clamp(width, bounds.width.min, bounds.width.max)),
    signatureHeight: Math.round(clamp(height, bounds.height.min, bounds.height.max)),
  };
}
