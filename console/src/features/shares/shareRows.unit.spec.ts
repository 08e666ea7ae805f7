import { describe, expect, it } from '@jest/globals';
import type { ShareView } from '@fahrplan/contracts';
import { historyLine, historyTime, pendingIncoming, shareKey, shareTitle, statusLabel } from './shareRows';
import { englishT } from '../i18n/testing';

const t = englishT('shares');

const aShare = (overrides: Partial<ShareView> = {}): ShareView => ({
  project: 7,
  title: 'Roll-out',
  owner: 'demo',
  tenant: 'other',
  status: 'PENDING',
  history: [],
  ...overrides,
});

describe('pendingIncoming', () => {
  it('counts the incoming shares waiting for a decision, not the outgoing nor the decided ones', () => {
    const view = {
      incoming: [
        aShare(),
        aShare({ project: 8 }),
        aShare({ project: 9, status: 'ACCEPTED' }),
        aShare({ project: 10, status: 'DECLINED' }),
      ],
      outgoing: [aShare({ project: 11 })],
    };
    expect(pendingIncoming(view)).toBe(2);
    expect(pendingIncoming(undefined)).toBe(0);
  });
});

describe('share rows', () => {
  it('name the share by project and receiving tenant', () => {
    expect(shareKey(aShare())).toBe('7:other');
    expect(shareKey(aShare({ tenant: 'third' }))).not.toBe(shareKey(aShare()));
  });

  it('show a project without title (an ended incoming share) by its id', () => {
    expect(shareTitle(aShare(), t)).toBe('Roll-out');
    expect(shareTitle(aShare({ title: null, status: 'REVOKED' }), t)).toBe('project #7');
  });

  it('tell who of which tenant did what, and when', () => {
    expect(historyLine({ action: 'ACCEPTED', at: '', user: 'bob', tenant: 'other' }, t)).toBe(
      'bob (other) accepted',
    );
    expect(historyLine({ action: 'REQUESTED', at: '', user: 'alice', tenant: 'demo' }, t)).toBe(
      'alice (demo) shared',
    );
    const at = new Date(2026, 2, 2, 9, 5).toISOString();
    expect(historyTime(at)).toBe('02.03.2026 09:05');
    expect(historyTime('not a time')).toBe('not a time');
  });

  it('label a status by its stored code in English', () => {
    expect(statusLabel('PENDING', t)).toBe('PENDING');
    expect(statusLabel('REVOKED', t)).toBe('REVOKED');
  });
});
