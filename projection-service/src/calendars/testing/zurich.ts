import { bernDefinition } from '@fahrplan/contracts';
import type { CalendarDefinition } from '@fahrplan/contracts';

/**
 * Test fixture: Zürich's calendar (1 May a public holiday, a working day in Bern) with a company half
 * day on `half` and a closing day on `closed`.
 */
export const zurichCalendar = (half: string, closed: string): CalendarDefinition => ({
  ...bernDefinition,
  region: 'ZH',
  companyDays: [
    { date: half, kind: 'half', yearly: false, name: 'Sechseläuten' },
    { date: closed, kind: 'closed', yearly: false, name: 'Umzug' },
  ],
});
