/**
 * How large a rendered page may be. Shared by the renderers (inside the MuPDF worker) and by the budget checked
 * before a job renders anything (render-budget.ts beside this file), so both fit a page the same way.
 */

/** Beyond this a page is rendered at a lower resolution: 600 dpi on A4 is 35 million pixels, a poster far more. */
export const MAX_PAGE_PIXELS = 60_000_000;

/** The resolution a page of width × height points is rendered at: the one asked for, lowered to fit maxPixels. */
export function fittedDpi(width: number, height: number, dpi: number, maxPixels = MAX_PAGE_PIXELS): number {
  const points = Math.max(1, Math.abs(width * height));
  return Math.min(dpi, Math.floor(72 * Math.sqrt(maxPixels / points)));
}
