/**
 * jsdom lays nothing out, so it has no ResizeObserver; Radix's switch and slider measure their thumbs with one.
 * An observer that never reports is what a page without layout would do.
 */
export function provideResizeObserver(): void {
  if (globalThis.ResizeObserver) return;
  globalThis.ResizeObserver = class {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  };
}
