/**
 * Turns a processor's progress reports into steps of whole percents that never go back: enough for a progress bar,
 * and it keeps event streams (and Redis traffic) small.
 */
export function wholePercentSteps(onStep: (fraction: number) => void): (fraction: number) => void {
  let current = 0;
  return (fraction) => {
    const next = Math.max(current, Math.min(1, fraction));
    if (Math.floor(next * 100) > Math.floor(current * 100)) {
      current = next;
      onStep(next);
    }
  };
}
