import {
  importanceWeights,
  isPriorityInconsistent,
  metricLimits,
  metricTypes,
  priority,
} from '@fahrplan/contracts';
import type { GroupMetric, MetricType } from '@fahrplan/contracts';
import type { TFunction } from 'i18next';
import { diffList } from '../../common/listDiff';
import type { ListEntryLine } from '../../common/listDiff';
import type { RatingValues } from './tabTypes';

/** Labels in the language shown beside the German rating types of §3 (stored codes). */
export const ratingTypeLabels = (t: TFunction<'projects'>): Readonly<Record<MetricType, string>> => ({
  WICHTIGKEIT: t('kpi.importance'),
  DRINGLICHKEIT: t('kpi.urgency'),
  ARCHITEKTUR: t('kpi.architecture'),
  BETRIEB: t('kpi.operations'),
  GESCHAEFTSPROZESSE: t('kpi.businessProcesses'),
});

/** What each rating type adds to the priority (§9), shown beside its slider. */
export const ratingTypeWeights = (t: TFunction<'projects'>): Readonly<Record<MetricType, string>> => ({
  WICHTIGKEIT: t('kpi.weightImportance'),
  DRINGLICHKEIT: t('kpi.weightNone'),
  ARCHITEKTUR: t('kpi.weightThird'),
  BETRIEB: t('kpi.weightThird'),
  GESCHAEFTSPROZESSE: t('kpi.weightThird'),
});

export type KeyFigure = 'metric1' | 'metric2' | 'metric3' | 'metric4';

/** The key figure sliders of §2 with their §9 ranges; metric4 only in the admin variant. */
export function keyFigureSliders(
  admin: boolean,
  t: TFunction<'projects'>,
): readonly { key: KeyFigure; label: string; max: number }[] {
  const ratings = (['metric1', 'metric2', 'metric3'] as const).map((key, i) => ({
    key,
    label: t('kpi.metric', { n: i + 1 }),
    max: metricLimits.rating,
  }));
  return admin
    ? [...ratings, { key: 'metric4', label: t('kpi.metric4'), max: metricLimits.metric4 }]
    : ratings;
}

/** Whether a label only repeats its stored code, as the German ones do ('Geschäftsprozesse'). */
export const repeatsCode = (type: MetricType, label: string): boolean =>
  label.toLocaleUpperCase('de-CH').replace(/Ä/g, 'AE').replace(/Ö/g, 'OE').replace(/Ü/g, 'UE') === type;

/** The label shown beside a rating's code, none where it would only repeat the code. */
export const ratingLabel = (type: MetricType, t: TFunction<'projects'>): string | null => {
  const label = ratingTypeLabels(t)[type];
  return repeatsCode(type, label) ? null : label;
};

/** A rating as the priority details name its slider: "WICHTIGKEIT (importance)". */
export const ratingName = (type: MetricType, t: TFunction<'projects'>): string => {
  const label = ratingLabel(type, t);
  return label === null ? type : t('kpi.ratingName', { type, label });
};

/**
 * The key figures that differ between two states of the tab, each by the label of its slider, as
 * "compare with now" lists them: the metrics changed ("Metric 1: 3 → 5"), the ratings (the first
 * entry of each type, as the sliders show it) added, removed or changed ("+ Rating WICHTIGKEIT
 * (importance): 4").
 */
export function keyFigureEntries(
  asOf: RatingValues,
  now: RatingValues,
  t: TFunction<'projects'>,
): ListEntryLine[] {
  const metrics = keyFigureSliders(true, t)
    .filter(({ key }) => asOf[key] !== now[key])
    .map(({ key, label }) => ({
      change: 'changed' as const,
      noun: '',
      name: label,
      before: String(asOf[key]),
      after: String(now[key]),
    }));
  const shown = (ratings: readonly GroupMetric[]) =>
    metricTypes.flatMap((type) => ratings.find((rating) => rating.type === type) ?? []);
  const ratings = diffList(shown(asOf.metrics), shown(now.metrics), ({ type }) => type).map((entry) => ({
    change: entry.change,
    noun: t('kpi.ratingNoun'),
    name: ratingName((entry.before ?? entry.after)!.type, t),
    before: entry.before ? String(entry.before.value) : null,
    after: entry.after ? String(entry.after.value) : null,
  }));
  return [...metrics, ...ratings];
}

/** The value a rating slider shows: the first entry of the type (the list may repeat types), else 0. */
export function ratingValue(metrics: readonly GroupMetric[], type: MetricType): number {
  return metrics.find((m) => m.type === type)?.value ?? 0;
}

/** The rating list with `type` set to `value`: the first entry of the type changes, or a new entry is appended. */
export function withRating(metrics: readonly GroupMetric[], type: MetricType, value: number): GroupMetric[] {
  const index = metrics.findIndex((m) => m.type === type);
  if (index < 0) return [...metrics, { group: null, type, value }];
  return metrics.map((m, i) => (i === index ? { ...m, value } : m));
}

export interface RatingChange {
  readonly next: RatingValues;
  /** metric4 held another value and was overwritten with the new priority (§5 'warns'). */
  readonly metric4Overwritten: boolean;
}

/**
 * Changing a rating metric recomputes the priority and overwrites metric4 with it, capped at the metric4
 * slider's maximum (§4, §5; the server does the same on save).
 */
export function applyRatingChange(current: RatingValues, type: MetricType, value: number): RatingChange {
  const metrics = withRating(current.metrics, type, value);
  const metric4 = Math.min(priority(metrics), metricLimits.metric4);
  return {
    next: { ...current, metrics, metric4 },
    metric4Overwritten: metric4 !== current.metric4,
  };
}

export interface PrioritySummary {
  readonly priority: number;
  readonly inconsistent: boolean;
}

/** The computed priority and whether metric4 disagrees with it (the §5 inconsistency). */
export function prioritySummary(value: RatingValues): PrioritySummary {
  const computed = priority(value.metrics);
  return { priority: computed, inconsistent: isPriorityInconsistent(computed, value.metric4) };
}

/** Every rating type in §3 order, for the priority pane. */
export const ratingTypes: readonly MetricType[] = metricTypes;

/** One rating's share of the priority before rounding (§9), for the worked formula in the priority pane. */
export function priorityContribution(type: MetricType, value: number): number {
  if (type === 'WICHTIGKEIT') return importanceWeights[value] ?? 0;
  if (type === 'DRINGLICHKEIT') return 0;
  return value / 3;
}

/** The unrounded sum the priority rounds, e.g. 6.67 before it becomes 7. */
export function priorityRawSum(metrics: readonly GroupMetric[]): number {
  return metrics.reduce((sum, { type, value }) => sum + priorityContribution(type, value), 0);
}
