import type { CalendarRules } from '../calendar/definition';

/**
 * Workload of §9: effort divided by duration in days, rounded to two decimals with trailing zeros
 * dropped ('2', '2.5', '0.33'). Null when either is missing, not finite or negative, or the duration is 0.
 */
export function workload(effort: number | null, durationDays: number | null): string | null {
  if (effort === null || durationDays === null) return null;
  if (!Number.isFinite(effort) || !Number.isFinite(durationDays) || effort < 0 || durationDays <= 0)
    return null;
  return (effort / durationDays).toFixed(2).replace(/\.?0+$/, '');
}

/** What a resource gives a task (issue 24): its working days, on its own calendar or the task's project's, and its share. */
export interface ResourceCapacity {
  /** Its own calendar's rules; null: none of its own, it works on the task's project's calendar. */
  readonly rules: CalendarRules | null;
  /** Its part-time share of a working day, in percent (1–100). */
  readonly share: number;
}

/**
 * Issue 24 (docs/design/calendars.md, "Workload"): the person-days a task's resource can give it in
 * [from, to) (date parts): the working days of the resource's calendar (its project's calendar when
 * it has none of its own; half days count ½) times its share. Without a resource, the task's duration
 * on its project's calendar, as §9. Null where a calendar cannot count the range.
 */
export function capacityDays(
  from: string,
  to: string,
  projectRules: CalendarRules,
  resource: ResourceCapacity | null,
): number | null {
  try {
    const rules = resource?.rules ?? projectRules;
    return (rules.countWorkingDays(from, to) * (resource?.share ?? 100)) / 100;
  } catch {
    return null;
  }
}
