import { useState } from 'react';
import { MultiSelect, Select } from '@mantine/core';
import type { MultiSelectProps, SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';

/*
 * Pickers over lists that may hold a whole tenant's records ask the server as the user types (issue
 * 17): the options are one page of the server's answer to the search, and the current selection's
 * labels come from a lookup by id, so a chosen record shows even when no search lists it.
 */

export interface PickOption {
  readonly value: string;
  readonly label: string;
  readonly disabled?: boolean;
}

/** The last option when the server found more than the page it answered: the user should type more. */
const moreOption: PickOption = {
  value: '…more',
  // the pickers show it in the language shown (`serverSearch`)
  label: '',
  disabled: true,
};

/** How many options a picker asks the server for per search. */
export const pickerPageSize = 50;

/**
 * What the user types into a picker, and the search to ask the server for after a pause: none while
 * the text is the chosen option's label (the picker then offers the first page, as a list would).
 */
export function usePickerSearch(selectedLabel: string | null = null) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 200);
  return { search, setSearch, query: debounced === selectedLabel?.trim() ? '' : debounced };
}

/**
 * The options shown: `pinned` first, then the chosen ones (labelled as the results label them, while
 * their lookup by id is on its way), then the results, each once; and, when the server found more
 * than its page (`more`), a note to type more.
 */
export const pickerData = (
  pinned: readonly PickOption[],
  chosen: readonly PickOption[],
  results: readonly PickOption[],
  more = false,
): PickOption[] => {
  const found = new Map(results.map((option) => [option.value, option]));
  const seen = new Set<string>();
  const labelled = chosen.map((option) => found.get(option.value) ?? option);
  const options = [...pinned, ...labelled, ...results].filter((option) => {
    if (seen.has(option.value)) return false;
    seen.add(option.value);
    return true;
  });
  return more ? [...options, moreOption] : options;
};

interface Searching {
  /** What the user typed, and its setter (`usePickerSearch`). */
  search: string;
  onSearchChange: (search: string) => void;
  /** The server's answer is on its way. */
  searching: boolean;
}

/**
 * The props that make a Mantine combobox search on the server: it shows the options as they came, the
 * note to type more in words.
 */
function useServerSearch<D>({ search, onSearchChange, searching }: Searching, data: D) {
  const { t } = useTranslation('common');
  const more = t('picker.more');
  return {
    searchable: true,
    searchValue: search,
    onSearchChange,
    filter: <T,>({ options }: { options: T }) => options,
    nothingFoundMessage: searching ? t('picker.searching') : t('picker.nothingFound'),
    data: (Array.isArray(data)
      ? data.map((option: unknown) => (option === moreOption ? { ...moreOption, label: more } : option))
      : data) as D,
  };
}

type Searched<P> = Omit<P, 'searchable' | 'filter' | 'searchValue' | 'onSearchChange'> & Searching;

/** A single-choice picker searching on the server; `data` is `pickerData(…)`. */
export function SearchSelect({ search, onSearchChange, searching, ...props }: Searched<SelectProps>) {
  return <Select {...props} {...useServerSearch({ search, onSearchChange, searching }, props.data)} />;
}

/** A multiple-choice picker searching on the server; `data` is `pickerData(…)`. */
export function SearchMultiSelect({
  search,
  onSearchChange,
  searching,
  ...props
}: Searched<MultiSelectProps>) {
  return <MultiSelect {...props} {...useServerSearch({ search, onSearchChange, searching }, props.data)} />;
}
