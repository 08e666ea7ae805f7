import { describe, expect, it } from '@jest/globals';
import { planningEventEnvelope, publishedCategories } from '../event-catalogue';
import { categories, parseStreamName } from '../streams';
import type { TrackerIssueMessage } from '../topics';
import {
  parseTrackerIssueStream,
  trackerIssueChange,
  trackerIssueChangedDataSchema,
  trackerIssueChangedType,
  trackerIssueObservation,
  trackerIssueStream,
} from './issue-history';
import type { TrackerIssueChangedData } from './issue-history';

const message = (overrides: Partial<TrackerIssueMessage> = {}): TrackerIssueMessage => ({
  tenant: 'acme',
  connectionId: 7,
  id: '10200',
  key: 'SDESK-1',
  projectKey: 'SDESK',
  summary: 'Chatbot answers in German',
  status: 'In Progress',
  statusCategory: 'indeterminate',
  assignee: 'Ada',
  dueDate: '2026-12-24',
  issueType: 'Story',
  fixVersions: ['10101', '10100'],
  updatedAt: '2026-11-01T10:00:00.000Z',
  url: 'https://jira.example.com/browse/SDESK-1',
  deleted: false,
  syncedAt: '2026-11-02T10:00:00.000Z',
  ...overrides,
});

describe('the tracker issue stream', () => {
  it('is named trackerIssue-<connection>.<KEY> in upper case, in a known category', () => {
    expect(trackerIssueStream(7, 'sdesk-12')).toBe('trackerIssue-7.SDESK-12');
    expect(parseStreamName(trackerIssueStream(7, 'SDESK-12'))).toEqual({
      category: 'trackerIssue',
      id: '7.SDESK-12',
    });
    expect(categories).toContain('trackerIssue');
  });

  it('parses back into connection and key, and refuses other streams', () => {
    expect(parseTrackerIssueStream(trackerIssueStream(12, 'A_B-3'))).toEqual({
      connectionId: 12,
      key: 'A_B-3',
    });
    expect(parseTrackerIssueStream('group-12')).toBeNull();
    expect(parseTrackerIssueStream('trackerIssue-SDESK-1')).toBeNull();
  });

  it('is not published to downstream systems', () => {
    expect(publishedCategories).not.toContain('trackerIssue');
    const stored = {
      id: '00000000-0000-4000-8000-000000000000',
      type: trackerIssueChangedType,
      data: trackerIssueObservation(message()),
      metadata: {
        tenant: 'acme',
        user: 'tracker-sync',
        correlationId: 'c',
        causationId: 'c',
        timestamp: '2026-11-02T10:00:00.000Z',
        schemaVersion: 1,
      },
      streamId: trackerIssueStream(7, 'SDESK-1'),
      revision: 0,
      position: 1,
    };
    expect(planningEventEnvelope(stored)).toBeNull();
  });
});

describe('an observation of a mirrored issue', () => {
  it('keeps the mirror snapshot fields, by the same names, with fix versions sorted', () => {
    const data = trackerIssueObservation(message());
    expect(data).toEqual({
      connectionId: 7,
      key: 'SDESK-1',
      summary: 'Chatbot answers in German',
      status: 'In Progress',
      statusCategory: 'indeterminate',
      assignee: 'Ada',
      dueDate: '2026-12-24',
      issueType: 'Story',
      fixVersions: ['10100', '10101'],
      deleted: false,
    });
    expect(trackerIssueChangedDataSchema.parse(data)).toEqual(data);
  });

  it('is refused by the schema when a field is malformed', () => {
    expect(
      trackerIssueChangedDataSchema.safeParse({
        ...trackerIssueObservation(message()),
        dueDate: '24.12.2026',
      }).success,
    ).toBe(false);
  });
});

describe('what to record', () => {
  const last = trackerIssueObservation(message());

  describe('when nothing is recorded yet', () => {
    it('records what was observed', () => {
      expect(trackerIssueChange(null, last)).toEqual(last);
    });
    it('records nothing for an issue that vanished', () => {
      expect(trackerIssueChange(null, 'vanished')).toBeNull();
    });
  });

  describe('when the issue is recorded', () => {
    it('records nothing when the same fields are observed again (fix versions in another order too)', () => {
      expect(
        trackerIssueChange(last, trackerIssueObservation(message({ fixVersions: ['10100', '10101'] }))),
      ).toBeNull();
      expect(trackerIssueChange(last, trackerIssueObservation(message({ updatedAt: null })))).toBeNull();
    });
    it('records a changed field', () => {
      const observed = trackerIssueObservation(message({ status: 'Done', statusCategory: 'done' }));
      expect(trackerIssueChange(last, observed)).toEqual(observed);
      expect(trackerIssueChange(last, trackerIssueObservation(message({ assignee: null })))).toMatchObject({
        assignee: null,
      });
    });
    it('records a vanished issue as deleted with its last fields', () => {
      expect(trackerIssueChange(last, 'vanished')).toEqual({ ...last, deleted: true });
    });
  });

  describe('when the issue is recorded as deleted', () => {
    const deleted: TrackerIssueChangedData = { ...last, deleted: true };
    it('records nothing when it is still gone', () => {
      expect(trackerIssueChange(deleted, 'vanished')).toBeNull();
    });
    it('records its return', () => {
      expect(trackerIssueChange(deleted, last)).toEqual(last);
    });
  });
});
