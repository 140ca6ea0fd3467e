/** One pen stroke on the 500 x 150 drawing canvas, in canvas pixels. */
export type Stroke = ReadonlyArray<{ x: number; y: number }>;

/** The spec's drawing canvas and pen. */
export const CANVAS_WIDTH = 500;
export const CANVAS_HEIGHT = 150;
export const LINE_WIDTH = 2;

/** Paints strokes in one colour onto a clear canvas; a single tap is a dot. */
export function paintStrokes(context: CanvasRenderingContext2D, strokes: readonly Stroke[], color: string): void {
  context.clearRect(0, 0, context.canvas.width, context.canvas.height);
  context.strokeStyle = color;
  context.fillStyle = color;
  context.lineWidth = LINE_WIDTH;
  context.lineCap = "round";
  context.lineJoin = "round";
  for (const stroke of strokes) {
    const [first, ...rest] = stroke;
    if (!first) continue;
    if (rest.length === 0) {
      context.beginPath();
      context.arc(first.x, first.y, LINE_WIDTH / 2, 0, Math.PI * 2);
      context.fill();
      continue;
    }
    context.beginPath();
    context.moveTo(first.x, first.y);
    for (const point of rest) context.lineTo(point.x, point.y);
    context.stroke();
  }
}

/**
 * The drawing as the PNG data URL the server takes (transparent around the ink), painted in the chosen colour, so
 * that changing the colour after drawing changes the signature too.
 */
export function strokesToPng(strokes: readonly Stroke[], color: string): string | undefined {
  const canvas = document.createElement("canvas");
  canvas.width = CANVAS_WIDTH;
  canvas.height = CANVAS_HEIGHT;
  const context = canvas.getContext("2d");
  if (!context) return undefined;
  paintStrokes(context, strokes, color);
  return canvas.toDataURL("image/png");
}
