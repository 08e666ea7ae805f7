import { sameValues } from './formChanges';
import { spoken } from '../i18n/spoken';

/** What happened to one element of a list between two states of it. */
export type ListChange = 'added' | 'removed' | 'changed';

/** One element of a list as a line: added, removed or changed ("Goal Cloud first: 3 → 5"). */
export interface ListEntryLine {
  readonly change: ListChange;
  /** What the element is ("Goal", "Lane"); empty for a list of plain values. */
  readonly noun: string;
  readonly name: string;
  /** The element's value before and after (null: the element has no value besides its name). */
  readonly before: string | null;
  readonly after: string | null;
}

/**
 * The elements of a list that a change added, removed or changed, told apart by `key` (issue 19):
 * added ones in the order of the list after, removed ones in the order before, then the changed ones.
 */
export const diffList = <E>(
  before: readonly E[],
  after: readonly E[],
  key: (element: E) => string,
): { readonly change: ListChange; readonly before?: E; readonly after?: E }[] => {
  const old = new Map(before.map((element) => [key(element), element]));
  const next = new Map(after.map((element) => [key(element), element]));
  return [
    ...[...next].filter(([k]) => !old.has(k)).map(([, e]) => ({ change: 'added' as const, after: e })),
    ...[...old].filter(([k]) => !next.has(k)).map(([, e]) => ({ change: 'removed' as const, before: e })),
    ...[...next]
      .filter(([k, e]) => old.has(k) && !sameValues(old.get(k), e))
      .map(([k, e]) => ({ change: 'changed' as const, before: old.get(k)!, after: e })),
  ];
};

/** A list entry as one line: "+ Application CRM", "− Lane Backend", "Goal Cloud first: 3 → 5". */
export const listEntryLineText = ({ change, noun, name, before, after }: ListEntryLine): string => {
  const what = noun ? `${noun} ${name}` : name;
  if (change === 'changed')
    return before === name
      ? `${noun} ${before} → ${after}`.trim()
      : spoken((t) => t('common:listLine.changed', { what, before, after }), `${what}: ${before} → ${after}`);
  const value = change === 'added' ? after : before;
  const sign = change === 'added' ? '+' : '−';
  return value !== null && value !== name
    ? spoken((t) => t('common:listLine.entry', { sign, what, value }), `${sign} ${what}: ${value}`)
    : `${sign} ${what}`;
};
