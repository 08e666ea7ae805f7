import type { MultiSelectProps, SelectProps } from '@mantine/core';
import type { Page } from '@fahrplan/contracts';
import { SearchMultiSelect, SearchSelect, pickerData, pickerPageSize, usePickerSearch } from './SearchSelect';
import type { PickOption } from './SearchSelect';

const noRecords: never[] = [];

/** The value of the option that stands for no record (e.g. 'not assigned'). */
export const noRecord = 'not-assigned';

/** What a picker asks a list for: a search, or records by id (a comma list). */
export interface PickerQuery {
  q?: string;
  id?: string;
  limit?: number;
}

/** A list's RTK Query hook: one page of records for a query, `extra` the list's own arguments. */
export type ListHook<T, Extra> = (
  args: PickerQuery & Extra,
  options?: { skip?: boolean },
) => { data?: Page<T>; isFetching: boolean; isError: boolean };

interface PickerOptions<T> {
  /** The option's label of a record. */
  label: (record: T) => string;
  /** The label of a chosen id the lookup does not find (deleted, or not the tenant's). */
  unknown: (id: number) => string;
}

interface Common<T, Extra> {
  /** The list's own arguments of every search (e.g. only the tenant's own projects). */
  args?: Extra;
  /** Records never offered (e.g. the record itself as its parent); chosen ones still show. */
  hide?: (record: T) => boolean;
}

type SingleProps<T, Extra> = Common<T, Extra> &
  Omit<SelectProps, 'value' | 'onChange' | 'data'> & {
    value: number | null;
    onChange: (id: number | null) => void;
    /** An option for no record, e.g. 'not assigned'. */
    none?: string;
    /** The chosen record's label when the lookup by id does not find it. */
    fallbackLabel?: string | null;
  };

type MultiProps<T, Extra> = Common<T, Extra> &
  Omit<MultiSelectProps, 'value' | 'onChange' | 'data'> & {
    value: readonly number[];
    onChange: (ids: number[]) => void;
  };

/**
 * The pickers of a list (issue 17): they search on the server as the user types, one page of options
 * a search, and show the chosen records by their labels, looked up by id.
 */
export function recordPickers<T extends { id: number }, Extra extends object = object>(
  useList: ListHook<T, Extra>,
  { label, unknown }: PickerOptions<T>,
) {
  const optionOf = (record: T): PickOption => ({ value: String(record.id), label: label(record) });

  /** The records of `ids` (those the list finds), looked up in one query. */
  function useRecords(ids: readonly number[]) {
    const { data } = useList(
      { id: ids.join(','), limit: Math.min(Math.max(ids.length, 1), 1000) } as PickerQuery & Extra,
      {
        skip: ids.length === 0,
      },
    );
    return data?.items ?? noRecords;
  }

  /** The chosen records as options, in the order of `ids`. */
  function useChosen(ids: readonly number[], fallback?: string | null) {
    const records = useRecords(ids);
    return ids.map((id): PickOption => {
      const found = records.find((record) => record.id === id);
      return found ? optionOf(found) : { value: String(id), label: fallback ?? unknown(id) };
    });
  }

  /** One page of the records matching what was typed (none asked for while `skip`). */
  function useSearch(query: string, args: Extra | undefined, skip = false) {
    const { data, isFetching } = useList({ ...(args as Extra), q: query, limit: pickerPageSize }, { skip });
    return { records: data?.items ?? noRecords, more: data?.nextCursor != null, searching: isFetching };
  }

  /** One page of the options matching what was typed. */
  function useResults(query: string, { args, hide }: Common<T, Extra>, skip: boolean) {
    const { records, more, searching } = useSearch(query, args, skip);
    return { results: records.filter((record) => !hide?.(record)).map(optionOf), more, searching };
  }

  function Picker({ value, onChange, none, fallbackLabel, args, hide, ...props }: SingleProps<T, Extra>) {
    const [chosen] = useChosen(value === null ? [] : [value], fallbackLabel);
    const { search, setSearch, query } = usePickerSearch(chosen?.label ?? none ?? null);
    const { results, more, searching } = useResults(query, { args, hide }, props.readOnly === true);
    const pinned = none === undefined ? [] : [{ value: noRecord, label: none }];
    return (
      <SearchSelect
        {...props}
        data={pickerData(pinned, chosen ? [chosen] : [], results, more)}
        value={value === null ? (none === undefined ? null : noRecord) : String(value)}
        onChange={(next) => onChange(next === null || next === noRecord ? null : Number(next))}
        search={search}
        onSearchChange={setSearch}
        searching={searching}
      />
    );
  }

  function MultiPicker({ value, onChange, args, hide, ...props }: MultiProps<T, Extra>) {
    const chosen = useChosen(value);
    const { search, setSearch, query } = usePickerSearch();
    const { results, more, searching } = useResults(query, { args, hide }, props.readOnly === true);
    return (
      <SearchMultiSelect
        {...props}
        data={pickerData([], chosen, results, more)}
        value={value.map(String)}
        onChange={(next) => onChange(next.map(Number))}
        search={search}
        onSearchChange={setSearch}
        searching={searching}
      />
    );
  }

  /** The records of `ids` by their labels, as the pickers show them ("Compare with now", issue 19). */
  function Names({ ids }: { ids: readonly number[] }) {
    return (
      <>
        {useChosen(ids)
          .map((option) => option.label)
          .join(', ')}
      </>
    );
  }

  return { Picker, MultiPicker, Names, useRecords, useSearch };
}
