/** A referee's clock the test moves by hand. */
export interface ManualClock {
  (): string;
  advance(minutes: number): void;
  set(iso: string): void;
}

export function manualClock(start = '2025-01-01T09:00:00.000Z'): ManualClock {
  let now = Date.parse(start);
  const clock = (() => new Date(now).toISOString()) as ManualClock;
  clock.advance = (minutes: number) => {
    now += minutes * 60_000;
  };
  clock.set = (iso: string) => {
    now = Date.parse(iso);
  };
  return clock;
}
