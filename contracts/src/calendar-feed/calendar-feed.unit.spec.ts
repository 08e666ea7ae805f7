import { calendarFeedDecider, calendarFeedPath, createCalendarFeedSchema } from './calendar-feed';
import type { CalendarFeedCommand, CalendarFeedContext, CalendarFeedEvent } from './calendar-feed';
import { aContext, deciderSpec, freshId } from '../testing/decider-spec';

const spec = deciderSpec(calendarFeedDecider);
const firstHash = 'a'.repeat(64);
const secondHash = 'b'.repeat(64);

const create = (raw: Record<string, unknown>): CalendarFeedCommand => ({
  type: 'CreateCalendarFeed',
  data: createCalendarFeedSchema.parse(raw),
});
const revoke = (id: number, version?: number): CalendarFeedCommand => ({
  type: 'RevokeCalendarFeed',
  data: version === undefined ? { id } : { id, version },
});
const regenerate = (id: number, version?: number): CalendarFeedCommand => ({
  type: 'RegenerateCalendarFeed',
  data: version === undefined ? { id } : { id, version },
});
const context = (facts: Partial<CalendarFeedContext> = {}): CalendarFeedContext =>
  aContext({ newId: freshId(), secretHash: secondHash, ...facts });
const created = (id: number, overrides: Partial<CalendarFeedEvent['data']> = {}): CalendarFeedEvent => ({
  type: 'CalendarFeedCreated',
  data: {
    id,
    owner: 'alice',
    name: 'My milestones',
    includeTasks: false,
    projects: null,
    resources: null,
    applications: null,
    secretHash: firstHash,
    ...overrides,
  },
});

describe('CreateCalendarFeed', () => {
  describe('when the feed is new', () => {
    it("records the caller as owner, the filters and only the secret's hash", () => {
      const facts = context({ secretHash: firstHash });
      spec
        .given([])
        .when(
          create({ name: ' My milestones ', includeTasks: true, projects: [7, 7, 9], resources: [] }),
          facts,
        )
        .then([created(facts.newId, { includeTasks: true, projects: [7, 9], resources: null })]);
    });

    it('shows milestones only, of every project, when nothing more is asked', () => {
      const facts = context({ secretHash: firstHash });
      spec
        .given([])
        .when(create({ name: 'My milestones' }), facts)
        .then([created(facts.newId)]);
    });

    it('refuses an empty name, unknown fields, bad ids and too many of them in the schema', () => {
      expect(createCalendarFeedSchema.safeParse({ name: ' ' }).success).toBe(false);
      expect(createCalendarFeedSchema.safeParse({ name: 'x', owner: 'bob' }).success).toBe(false);
      expect(createCalendarFeedSchema.safeParse({ name: 'x', tenant: 'other' }).success).toBe(false);
      expect(createCalendarFeedSchema.safeParse({ name: 'x', projects: [0] }).success).toBe(false);
      const many = Array.from({ length: 101 }, (_, i) => i + 1);
      expect(createCalendarFeedSchema.safeParse({ name: 'x', applications: many }).success).toBe(false);
    });
  });

  describe('when the feed exists', () => {
    it('refuses to create it again', () =>
      spec
        .given([created(5)])
        .when(create({ name: 'Again' }), context({ newId: 5 }))
        .thenThrows({ code: 'conflict' }));
  });
});

describe('RegenerateCalendarFeed', () => {
  describe('when the feed is the caller’s', () => {
    it('replaces the hash of its secret', () =>
      spec
        .given([created(5)])
        .when(regenerate(5, 0), context())
        .then([{ type: 'CalendarFeedSecretRegenerated', data: { id: 5, secretHash: secondHash } }]));

    it('refuses a version the feed has moved past', () =>
      spec
        .given([
          created(5),
          { type: 'CalendarFeedSecretRegenerated', data: { id: 5, secretHash: secondHash } },
        ])
        .when(regenerate(5, 0), context())
        .thenThrows({ code: 'conflict', details: { currentVersion: 1 } }));
  });

  describe('when the feed is another user’s', () => {
    it('answers not found, even to an administrator', () =>
      spec
        .given([created(5, { owner: 'bob' })])
        .when(regenerate(5), context({ revokesAny: true }))
        .thenThrows({ code: 'not_found' }));
  });
});

describe('RevokeCalendarFeed', () => {
  describe('when the feed is the caller’s', () => {
    it('revokes it', () =>
      spec
        .given([created(5)])
        .when(revoke(5), context())
        .then([{ type: 'CalendarFeedRevoked', data: { id: 5 } }]));
  });

  describe('when the feed is another user’s', () => {
    it('answers not found to a member', () =>
      spec
        .given([created(5, { owner: 'bob' })])
        .when(revoke(5), context())
        .thenThrows({ code: 'not_found' }));

    it('revokes it for an administrator', () =>
      spec
        .given([created(5, { owner: 'bob' })])
        .when(revoke(5), context({ revokesAny: true }))
        .then([{ type: 'CalendarFeedRevoked', data: { id: 5 } }]));
  });

  describe('when the feed is revoked or unknown', () => {
    it('answers not found', () => {
      spec
        .given([created(5), { type: 'CalendarFeedRevoked', data: { id: 5 } }])
        .when(revoke(5), context())
        .thenThrows({ code: 'not_found' });
      spec.given([]).when(revoke(6), context()).thenThrows({ code: 'not_found' });
    });
  });
});

describe('calendarFeedPath', () => {
  it('is the secret under /feeds with the .ics extension', () =>
    expect(calendarFeedPath('abc')).toBe('/feeds/abc.ics'));
});
