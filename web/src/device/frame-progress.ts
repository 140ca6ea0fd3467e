/**
 * The worker's progress, drawn at most once a frame: qpdf reports each percent, and drawing the screen for each
 * would take the page's thread (and, on a busy machine, the worker's core) for nothing the visitor can see.
 */
export class FrameProgress {
  private latest: number | undefined;
  private frame: number | undefined;

  constructor(private readonly draw: (fraction: number) => void) {}

  report(fraction: number): void {
    this.latest = fraction;
    this.frame ??= requestAnimationFrame(() => {
      this.frame = undefined;
      if (this.latest !== undefined) this.draw(this.latest);
    });
  }

  /** Nothing more is drawn: the run has ended, and its result or failure is on screen. */
  stop(): void {
    if (this.frame !== undefined) cancelAnimationFrame(this.frame);
    this.frame = undefined;
    this.latest = undefined;
  }
}
