import { bernDefinition, calendarRules, publicHolidays } from '@fahrplan/contracts';
import type { CalendarRules } from '@fahrplan/contracts';

/**
 * Issue 24's calendar rules for specs: Bern (§9's holidays), and from 2027 on a company closing day on
 * Friday 8 January 2027.
 */
export const closingDayRules = (): CalendarRules =>
  calendarRules(
    [
      { effectiveFrom: null, definition: bernDefinition },
      {
        effectiveFrom: '2027-01-01',
        definition: {
          ...bernDefinition,
          companyDays: [{ date: '2027-01-08', kind: 'closed', yearly: false, name: 'Inventory' }],
        },
      },
    ],
    (_region, year) => publicHolidays(year),
  );
