import type { StoredEvent } from '@fahrplan/contracts';
import { sharesProjection } from './shares.projection';
import type { ShareDoc } from './shares.projection';
import { storedEvent } from '../projections/testing/stored-event';

/** An event of the owner's stream (tenant acme) by `user`, at `timestamp`. */
const event = (type: string, tenant: string, user: string, timestamp: string): StoredEvent => {
  const e = storedEvent('acme', type, { id: 7, tenant });
  return { ...e, metadata: { ...e.metadata, user, timestamp } };
};

const fold = (events: readonly StoredEvent[]) =>
  events.reduce<ShareDoc | null>((doc, e) => sharesProjection.evolve(doc, e), null);

describe('sharesProjection', () => {
  it('keeps one document per project and receiving tenant', () => {
    expect(sharesProjection.documentId(event('ProjectShared', 'other', 'alice', 't'))).toBe('7:other');
    expect(sharesProjection.documentId(event('ProjectShareDeclined', 'third', 'bob@third', 't'))).toBe(
      '7:third',
    );
  });

  it('records every request and decision with when and who, the deciding user without the @tenant', () => {
    const doc = fold([
      event('ProjectShared', 'other', 'alice', '2026-03-02T09:00:00.000Z'),
      event('ProjectShareDeclined', 'other', 'bob@other', '2026-03-02T10:00:00.000Z'),
      event('ProjectShared', 'other', 'alice', '2026-03-03T09:00:00.000Z'),
      event('ProjectShareAccepted', 'other', 'carol@other', '2026-03-03T10:00:00.000Z'),
      event('ProjectUnshared', 'other', 'alice', '2026-03-04T09:00:00.000Z'),
    ]);

    expect(doc).toEqual({
      project: 7,
      tenant: 'acme',
      receiver: 'other',
      status: 'REVOKED',
      history: [
        { action: 'REQUESTED', at: '2026-03-02T09:00:00.000Z', user: 'alice', tenant: 'acme' },
        { action: 'DECLINED', at: '2026-03-02T10:00:00.000Z', user: 'bob', tenant: 'other' },
        { action: 'REQUESTED', at: '2026-03-03T09:00:00.000Z', user: 'alice', tenant: 'acme' },
        { action: 'ACCEPTED', at: '2026-03-03T10:00:00.000Z', user: 'carol', tenant: 'other' },
        { action: 'REVOKED', at: '2026-03-04T09:00:00.000Z', user: 'alice', tenant: 'acme' },
      ],
      _lastChange: '2026-03-04T09:00:00.000Z',
    });
  });

  it.each([
    [['ProjectShared'], 'PENDING'],
    [['ProjectShared', 'ProjectShareAccepted'], 'ACCEPTED'],
    [['ProjectShared', 'ProjectShareDeclined'], 'DECLINED'],
    [['ProjectShared', 'ProjectUnshared'], 'REVOKED'],
    [['ProjectShared', 'ProjectUnshared', 'ProjectShared'], 'PENDING'],
  ])('after %j the share is %s', (types, status) => {
    expect(fold(types.map((type) => event(type, 'other', 'alice', 't')))?.status).toBe(status);
  });

  it('makes nothing of a decision without a request on record', () => {
    expect(fold([event('ProjectShareAccepted', 'other', 'bob@other', 't')])).toBeNull();
  });
});
