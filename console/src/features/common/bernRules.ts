import {
  addWorkingDays,
  countWorkingDays,
  isWorkingDay,
  moveKeepingDuration,
  nextWorkingDay,
  subtractWorkingDays,
  workingDays,
} from '@fahrplan/contracts';
import type { CalendarRules } from '@fahrplan/contracts';

/**
 * §9's calendar (Monday to Friday, Bern's public holidays) as calendar rules: what a duration is
 * computed with where no project's calendar is known (issue 24: the default calendar until changed).
 */
export const bernRules: CalendarRules = {
  countWorkingDays,
  addWorkingDays,
  subtractWorkingDays,
  nextWorkingDay,
  isWorkingDay,
  moveKeepingDuration,
  workingDays,
};
