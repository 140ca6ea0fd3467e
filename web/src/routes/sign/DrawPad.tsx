import { Eraser } from "lucide-react";
import { useEffect, useRef, type PointerEvent } from "react";
import { buttonStyles } from "../../components/ui/styles.js";
import { useT } from "../../i18n/use-t.js";
import { CANVAS_HEIGHT, CANVAS_WIDTH, LINE_WIDTH, paintStrokes, type Stroke } from "./strokes.js";

/**
 * The spec's 500 x 150 drawing canvas. The strokes live with the screen (tabs unmount their panels), so a drawing
 * survives a visit to another tab, and its colour follows the Appearance tab.
 */
export function DrawPad({ strokes, color, onChange }: { strokes: readonly Stroke[]; color: string; onChange(strokes: Stroke[]): void }) {
  const t = useT("tool");
  const canvas = useRef<HTMLCanvasElement>(null);
  const current = useRef<Array<{ x: number; y: number }> | null>(null);

  useEffect(() => {
    const context = canvas.current?.getContext("2d");
    if (context) paintStrokes(context, strokes, color);
  }, [strokes, color]);

  // The canvas may be shown smaller than 500 x 150; points are kept in canvas pixels.
  const pointOf = (event: PointerEvent<HTMLCanvasElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    return { x: ((event.clientX - rect.left) * CANVAS_WIDTH) / rect.width, y: ((event.clientY - rect.top) * CANVAS_HEIGHT) / rect.height };
  };

  const start = (event: PointerEvent<HTMLCanvasElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    current.current = [pointOf(event)];
  };
  const move = (event: PointerEvent<HTMLCanvasElement>) => {
    const points = current.current;
    const context = event.currentTarget.getContext("2d");
    if (!points || !context) return;
    const from = points[points.length - 1]!;
    const to = pointOf(event);
    points.push(to);
    // Only the new segment is drawn while the pen moves; the whole drawing is repainted when the stroke ends.
    context.strokeStyle = color;
    context.lineWidth = LINE_WIDTH;
    context.lineCap = "round";
    context.beginPath();
    context.moveTo(from.x, from.y);
    context.lineTo(to.x, to.y);
    context.stroke();
  };
  const end = () => {
    const points = current.current;
    current.current = null;
    if (points) onChange([...strokes, points]);
  };

  return (
    <div>
      <canvas
        ref={canvas}
        width={CANVAS_WIDTH}
        height={CANVAS_HEIGHT}
        aria-label={t("sign.draw.area")}
        data-testid="draw-canvas"
        className="block w-full max-w-[500px] cursor-crosshair touch-none rounded-lg border-2 border-dashed border-slate-300 bg-white dark:border-slate-600"
        onPointerDown={start}
        onPointerMove={move}
        onPointerUp={end}
        onPointerCancel={end}
      />
      <div className="mt-2 flex items-center justify-between gap-2">
        <p className="text-xs text-slate-600 dark:text-slate-400">{t("sign.draw.hint")}</p>
        <button type="button" className={buttonStyles.secondary} onClick={() => onChange([])} disabled={strokes.length === 0}>
          <Eraser className="h-4 w-4" aria-hidden="true" />
          {t("sign.draw.clear")}
        </button>
      </div>
    </div>
  );
}
