import { bernDefinition, calendarStream } from '@fahrplan/contracts';
import type { CalendarDefinition, StoredEvent } from '@fahrplan/contracts';
import { calendarsProjection } from './calendars.projection';
import type { CalendarDoc } from './calendars.projection';
import { storedEvent } from '../projections/testing/stored-event';

const closing: CalendarDefinition = {
  ...bernDefinition,
  companyDays: [{ date: '2027-12-27', kind: 'closed', yearly: true, name: 'Year end' }],
};

const event = (
  type: string,
  data: Record<string, unknown>,
  revision: number,
  tenant = 'acme',
): StoredEvent => ({
  ...storedEvent(tenant, type, data, revision),
  streamId: calendarStream(tenant, data.id as number),
});
const fold = (events: readonly StoredEvent[]) =>
  events.reduce<CalendarDoc | null>((doc, e) => calendarsProjection.evolve(doc, e), null);

describe('calendarsProjection', () => {
  it('keeps a calendar with its versions ascending, renamed and deleted, at its stream revision', () => {
    const doc = fold([
      event('CalendarCreated', { id: 12, name: 'Zürich', definition: bernDefinition }, 0),
      event('CalendarChanged', { id: 12, effectiveFrom: '2028-01-01', definition: closing }, 1),
      event('CalendarChanged', { id: 12, effectiveFrom: '2027-06-01', definition: closing }, 2),
      event('CalendarRenamed', { id: 12, name: 'ZH' }, 3),
    ]);
    expect(doc).toEqual({
      id: 12,
      name: 'ZH',
      versions: [
        { effectiveFrom: null, definition: bernDefinition },
        { effectiveFrom: '2027-06-01', definition: closing },
        { effectiveFrom: '2028-01-01', definition: closing },
      ],
      tenant: 'acme',
      version: 3,
      deleted: false,
    });
    expect(calendarsProjection.evolve(doc, event('CalendarDeleted', { id: 12 }, 4))).toMatchObject({
      deleted: true,
      version: 4,
    });
  });

  it('starts the default calendar from Bern at its first event, a document per tenant', () => {
    const changed = event('CalendarChanged', { id: 0, effectiveFrom: '2027-12-01', definition: closing }, 0);
    expect(fold([changed])).toEqual({
      id: 0,
      name: 'Bern',
      versions: [
        { effectiveFrom: null, definition: bernDefinition },
        { effectiveFrom: '2027-12-01', definition: closing },
      ],
      tenant: 'acme',
      version: 0,
      deleted: false,
    });
    const renamed = event('CalendarRenamed', { id: 0, name: 'Head office' }, 0, 'globex');
    expect(fold([renamed])).toMatchObject({ name: 'Head office', tenant: 'globex', version: 0 });
    expect(calendarsProjection.documentId(renamed)).not.toBe(calendarsProjection.documentId(changed));
  });

  it('ignores a change of a calendar it never saw created (never throws on a recorded fact)', () =>
    expect(fold([event('CalendarRenamed', { id: 13, name: 'x' }, 1)])).toBeNull());
});
