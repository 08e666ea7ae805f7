import * as section9 from '../rules/calendar';
import { fromDayNumber, toDayNumber } from '../rules/dates';
import type { CalendarRules } from '../calendar/definition';

const outcome = (run: () => unknown) => {
  try {
    return run();
  } catch (error) {
    return error instanceof RangeError ? 'RangeError' : error;
  }
};

/**
 * Where `rules` answers otherwise than §9's hand-written calendar (the oracle of issue 24's engine) over
 * `count` random ranges 1900–2200 of up to three years: every function on each, `workingDays` on
 * every tenth through `compared` (to leave aside what may differ, such as holiday names). A RangeError
 * counts as an answer.
 */
export const differencesFromSection9 = (
  rules: CalendarRules,
  next: () => number,
  count: number,
  compared: (answer: unknown) => unknown = (answer) => answer,
): unknown[] => {
  const first = toDayNumber('1900-01-01');
  const last = toDayNumber('2200-12-31');
  const differences: unknown[] = [];
  for (let i = 0; i < count; i++) {
    const start = first + Math.floor(next() * (last - first));
    const from = fromDayNumber(start);
    const to = fromDayNumber(Math.min(last, start + Math.floor(next() * 3 * 366)));
    const n = Math.floor(next() * 250);
    const moved = fromDayNumber(first + Math.floor(next() * (last - first)));
    const pairs: [string, () => unknown, () => unknown][] = [
      ['count', () => rules.countWorkingDays(from, to), () => section9.countWorkingDays(from, to)],
      ['add', () => rules.addWorkingDays(from, n), () => section9.addWorkingDays(from, n)],
      ['subtract', () => rules.subtractWorkingDays(to, n), () => section9.subtractWorkingDays(to, n)],
      ['next', () => rules.nextWorkingDay(from), () => section9.nextWorkingDay(from)],
      ['is', () => rules.isWorkingDay(from), () => section9.isWorkingDay(from)],
      [
        'move',
        () => rules.moveKeepingDuration(from, to, moved),
        () => section9.moveKeepingDuration(from, to, moved),
      ],
    ];
    if (i % 10 === 0)
      pairs.push([
        'workingDays',
        () => compared(rules.workingDays(from, to)),
        () => compared(section9.workingDays(from, to)),
      ]);
    for (const [name, engine, oracle] of pairs) {
      const [got, expected] = [outcome(engine), outcome(oracle)];
      if (JSON.stringify(got) !== JSON.stringify(expected))
        differences.push({ name, from, to, n, moved, got, expected });
    }
  }
  return differences;
};
