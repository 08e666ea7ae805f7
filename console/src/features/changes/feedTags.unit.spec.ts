import { describe, expect, it } from '@jest/globals';
import { feedTags } from './feedTags';
import type { TrackerTag } from './feedTags';

const trackerTags: TrackerTag[] = ['TrackerIssue', 'TrackerStatus'];

describe('feedTags', () => {
  it('refreshes the touched collections of another console now, not those of an own command', () => {
    const change = { collections: ['groups', 'comments', 'timeline'], asOf: null, trackerTags };
    expect(feedTags({ ...change, position: 9, own: 5 })).toEqual(['Group', 'Comment']);
    expect(feedTags({ ...change, position: 5, own: 5 })).toEqual([]);
  });

  it("refreshes the baselines (the timeline's choice, the Baselines page) when another console made or deleted one", () => {
    const change = { collections: ['baselines'], asOf: null, trackerTags };
    expect(feedTags({ ...change, position: 9, own: 5 })).toEqual(['Baseline']);
  });

  it("refreshes the calendars (Administration's list, the pickers) when another console changed one", () => {
    const change = { collections: ['calendars', 'groups'], asOf: null, trackerTags };
    expect(feedTags({ ...change, position: 9, own: 5 })).toEqual(['Calendar', 'Group']);
  });

  it('refreshes the tracker mirror whenever a tracker collection moved', () => {
    expect(
      feedTags({ position: 3, own: 5, collections: ['trackerIssues'], asOf: null, trackerTags }),
    ).toEqual(trackerTags);
  });

  it('as of a date refreshes only the live versions and the histories', () => {
    const asOf = '2026-03-01T09:30:00.000Z';
    expect(
      feedTags({ position: 9, own: 5, collections: ['groups', 'trackerIssues'], asOf, trackerTags }),
    ).toEqual(['Live', 'History']);
    expect(feedTags({ position: 9, own: 5, collections: [], asOf, trackerTags })).toEqual([]);
  });
});
