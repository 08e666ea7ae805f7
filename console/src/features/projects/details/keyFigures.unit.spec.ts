import { describe, expect, it } from '@jest/globals';
import type { GroupMetric } from '@fahrplan/contracts';
import {
  applyRatingChange,
  keyFigureEntries,
  keyFigureSliders,
  priorityContribution,
  priorityRawSum,
  prioritySummary,
  ratingName,
  ratingTypeLabels,
  repeatsCode,
  ratingTypes,
  ratingValue,
  withRating,
} from './keyFigures';
import { listEntryLineText } from '../../common/listDiff';
import type { RatingValues } from './tabTypes';
import { englishT } from '../../i18n/testing';

const t = englishT('projects');

const rating = (overrides: Partial<RatingValues> = {}): RatingValues => ({
  metric1: 1,
  metric2: 2,
  metric3: 3,
  metric4: 0,
  metrics: [],
  ...overrides,
});

const m = (type: GroupMetric['type'], value: number, group: string | null = null): GroupMetric => ({
  group,
  type,
  value,
});

describe('keyFigureSliders', () => {
  it('offers metric1 to metric3 from 0 to 9 to everybody', () => {
    expect(keyFigureSliders(false, t)).toEqual([
      { key: 'metric1', label: 'Metric 1', max: 9 },
      { key: 'metric2', label: 'Metric 2', max: 9 },
      { key: 'metric3', label: 'Metric 3', max: 9 },
    ]);
  });

  it('adds metric4 from 0 to 12 in the admin variant', () => {
    const sliders = keyFigureSliders(true, t);
    expect(sliders).toHaveLength(4);
    expect(sliders[3]).toMatchObject({ key: 'metric4', max: 12 });
  });
});

describe('rating types', () => {
  it('lists the five types of §3 in order, each with an English label', () => {
    expect(ratingTypes).toEqual([
      'WICHTIGKEIT',
      'DRINGLICHKEIT',
      'ARCHITEKTUR',
      'BETRIEB',
      'GESCHAEFTSPROZESSE',
    ]);
    expect(ratingTypeLabels(t).WICHTIGKEIT).toBe('importance');
    expect(ratingTypeLabels(t).DRINGLICHKEIT).toBe('urgency');
  });

  it('leaves out a label that only repeats its code, as the German ones do', () => {
    expect(repeatsCode('GESCHAEFTSPROZESSE', 'Geschäftsprozesse')).toBe(true);
    expect(repeatsCode('WICHTIGKEIT', 'Wichtigkeit')).toBe(true);
    expect(repeatsCode('WICHTIGKEIT', 'importance')).toBe(false);
    expect(ratingName('BETRIEB', t)).toBe('BETRIEB (operations)');
  });
});

describe('ratingValue and withRating', () => {
  it('reads 0 for a missing type and the first entry for a repeated one', () => {
    const metrics = [m('BETRIEB', 4), m('BETRIEB', 7)];
    expect(ratingValue(metrics, 'ARCHITEKTUR')).toBe(0);
    expect(ratingValue(metrics, 'BETRIEB')).toBe(4);
  });

  it('changes the first entry of the type in place and keeps its group', () => {
    const metrics = [m('WICHTIGKEIT', 2, 'board'), m('BETRIEB', 4), m('BETRIEB', 7)];
    expect(withRating(metrics, 'BETRIEB', 9)).toEqual([
      m('WICHTIGKEIT', 2, 'board'),
      m('BETRIEB', 9),
      m('BETRIEB', 7),
    ]);
    expect(withRating(metrics, 'WICHTIGKEIT', 5)[0]).toEqual(m('WICHTIGKEIT', 5, 'board'));
  });

  it('appends a missing type without touching the input', () => {
    const metrics = [m('BETRIEB', 4)];
    expect(withRating(metrics, 'ARCHITEKTUR', 3)).toEqual([m('BETRIEB', 4), m('ARCHITEKTUR', 3)]);
    expect(metrics).toEqual([m('BETRIEB', 4)]);
  });
});

describe('applyRatingChange', () => {
  it('recomputes the priority into metric4 and reports the overwrite', () => {
    // WICHTIGKEIT 6 → 3, ARCHITEKTUR 6 → 2: priority 5
    const { next, metric4Overwritten } = applyRatingChange(
      rating({ metric4: 9, metrics: [m('WICHTIGKEIT', 6)] }),
      'ARCHITEKTUR',
      6,
    );
    expect(next.metric4).toBe(5);
    expect(next.metrics).toEqual([m('WICHTIGKEIT', 6), m('ARCHITEKTUR', 6)]);
    expect(metric4Overwritten).toBe(true);
  });

  it('keeps metric1 to metric3 as they were', () => {
    const { next } = applyRatingChange(rating(), 'BETRIEB', 3);
    expect(next).toMatchObject({ metric1: 1, metric2: 2, metric3: 3, metric4: 1 });
  });

  it('does not report an overwrite when metric4 already held the new priority', () => {
    const { next, metric4Overwritten } = applyRatingChange(rating({ metric4: 1 }), 'BETRIEB', 3);
    expect(next.metric4).toBe(1);
    expect(metric4Overwritten).toBe(false);
  });

  it('caps metric4 at 12 when the priority is higher', () => {
    const metrics = [m('WICHTIGKEIT', 10), m('ARCHITEKTUR', 10), m('BETRIEB', 10)];
    const { next } = applyRatingChange(rating({ metrics }), 'GESCHAEFTSPROZESSE', 10);
    expect(prioritySummary(next)).toEqual({ priority: 14, inconsistent: true });
    expect(next.metric4).toBe(12);
  });

  it('lets urgency change without moving the priority', () => {
    const { next, metric4Overwritten } = applyRatingChange(
      rating({ metric4: 2, metrics: [m('WICHTIGKEIT', 4)] }),
      'DRINGLICHKEIT',
      10,
    );
    expect(next.metric4).toBe(2);
    expect(metric4Overwritten).toBe(false);
  });
});

describe('prioritySummary', () => {
  it('is consistent when metric4 equals the computed priority', () => {
    expect(prioritySummary(rating({ metric4: 3, metrics: [m('WICHTIGKEIT', 6)] }))).toEqual({
      priority: 3,
      inconsistent: false,
    });
  });

  it('flags a metric4 that differs from the computed priority', () => {
    expect(prioritySummary(rating({ metric4: 7, metrics: [m('WICHTIGKEIT', 6)] }))).toEqual({
      priority: 3,
      inconsistent: true,
    });
  });
});

describe('priorityRawSum', () => {
  it('adds the §9 shares before rounding, so the pane can show the worked formula', () => {
    const metrics = [m('WICHTIGKEIT', 8), m('DRINGLICHKEIT', 9), m('ARCHITEKTUR', 2), m('BETRIEB', 2)];
    // 3.5 + 0 + 2/3 + 2/3
    expect(priorityRawSum(metrics)).toBeCloseTo(4.8333, 3);
    expect(prioritySummary(rating({ metrics })).priority).toBe(Math.round(priorityRawSum(metrics)));
  });

  it('weighs importance by the scale, not linearly', () => {
    expect(priorityContribution('WICHTIGKEIT', 10)).toBe(4);
    expect(priorityContribution('WICHTIGKEIT', 7)).toBe(3.25);
    expect(priorityContribution('BETRIEB', 6)).toBe(2);
    expect(priorityContribution('DRINGLICHKEIT', 10)).toBe(0);
  });
});

describe('keyFigureEntries (Compare with now)', () => {
  it('names each metric and rating by its slider label, ratings as added, removed and changed rows', () => {
    const asOf = rating({
      metric1: 3,
      metric4: 5,
      metrics: [m('WICHTIGKEIT', 2), m('BETRIEB', 6), m('ARCHITEKTUR', 1)],
    });
    const now = rating({
      metric1: 7,
      metric4: 6,
      // a second entry of a type shows in no slider, so it is no difference either
      metrics: [m('ARCHITEKTUR', 1), m('WICHTIGKEIT', 4), m('DRINGLICHKEIT', 8), m('WICHTIGKEIT', 9, 'x')],
    });
    expect(keyFigureEntries(asOf, now, t).map(listEntryLineText)).toEqual([
      'Metric 1: 3 → 7',
      'Metric 4 (priority): 5 → 6',
      '+ Rating DRINGLICHKEIT (urgency): 8',
      '− Rating BETRIEB (operations): 6',
      'Rating WICHTIGKEIT (importance): 2 → 4',
    ]);
    expect(keyFigureEntries(asOf, asOf, t)).toEqual([]);
  });
});
