/** A clock a test moves forward: real time plus whatever the test has added, so expiry is tested without waiting. */
export function movableClock(): { now: () => number; advance(ms: number): void } {
  let offset = 0;
  return {
    now: () => Date.now() + offset,
    advance: (ms) => {
      offset += ms;
    },
  };
}
