import { useEffect, useState } from "react";
import { prefersMotion } from "../../components/layout/AppLink.js";

/** Counts up from 0 to `value` once it is known, easing out; shows the value at once for reduced motion. */
export function AnimatedCounter({ value, durationMs, format }: { value: number; durationMs: number; format(n: number): string }) {
  const [shown, setShown] = useState(0);
  useEffect(() => {
    if (!prefersMotion()) {
      setShown(value);
      return;
    }
    let frame = 0;
    const start = performance.now();
    const step = (now: number) => {
      const t = Math.min(1, (now - start) / durationMs);
      setShown(value * (1 - (1 - t) ** 3));
      if (t < 1) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [value, durationMs]);
  return <>{format(shown)}</>;
}
