import { optionLabel, optionListFields, optionListKinds, optionOf } from '@fahrplan/contracts';
import type { OptionListKind, OptionLists } from '@fahrplan/contracts';
import { spoken } from '../i18n/spoken';

/** A stored value no option names, marked so, in the language shown (English without one set up). */
export const notListed = (value: number): string =>
  spoken((t) => t('options:notListed', { value }), `${value} (not listed)`);

export interface OptionItem {
  readonly value: string;
  readonly label: string;
  readonly colour: string;
  readonly disabled?: boolean;
}

/**
 * A list's options as a select or a filter offers them, in the list's order. A stored value the list no
 * longer holds is offered too (disabled), so that a record shows what it has.
 */
export const optionItems = (
  lists: OptionLists,
  kind: OptionListKind,
  current: number | null = null,
): OptionItem[] => {
  const items = lists[kind].map((o) => ({ value: String(o.value), label: o.label, colour: o.colour }));
  return current === null || optionOf(lists, kind, current)
    ? items
    : [
        ...items,
        {
          value: String(current),
          label: optionLabel(lists, kind, current, notListed),
          colour: 'gray',
          disabled: true,
        },
      ];
};

/** The Mantine colour of a stored value: its option's, grey when none. */
export const optionColour = (lists: OptionLists, kind: OptionListKind, value: number | null): string =>
  optionOf(lists, kind, value)?.colour ?? 'gray';

/** The option list that names `field` of a `record` ('group', 'item'), if one does. */
export const optionKindOfField = (record: string, field: string): OptionListKind | undefined =>
  optionListKinds.find(
    (kind) => optionListFields[kind].record === record && optionListFields[kind].field === field,
  );

/** A stored value of `field` of a `record` by its option's label; null when no list names the field. */
export const optionText = (
  lists: OptionLists,
  record: string,
  field: string,
  value: unknown,
): string | null => {
  const kind = optionKindOfField(record, field);
  return kind && typeof value === 'number' ? optionLabel(lists, kind, value, notListed) : null;
};
