import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResourceView } from '@fahrplan/contracts';
import { recordPickers } from '../common/RecordPicker';
import { SearchMultiSelect, SearchSelect, pickerData, usePickerSearch } from '../common/SearchSelect';
import { useGetResourcesQuery } from './resourcesApi';
import type { ResourceQuery } from './resourcesApi';
import { resourceOptions, unknownResourceLabel } from './resourceOptions';

const {
  Names: ResourceNames,
  useRecords,
  useSearch,
} = recordPickers<ResourceView, ResourceQuery>(useGetResourcesQuery, {
  label: (resource) => resource.name,
  unknown: unknownResourceLabel,
});
/** Resources by their names, as the pickers show them. */
export { ResourceNames };

/** The options of a resource picker: the chosen resources (those found, else "#<id>") and what the search found. */
function useResourceOptions(chosen: readonly number[], readOnly: boolean) {
  const known = useRecords(chosen);
  const { search, setSearch, query } = usePickerSearch(
    chosen.length === 1 ? (known[0]?.name ?? unknownResourceLabel(chosen[0]!)) : null,
  );
  const found = useSearch(query, undefined, readOnly);
  return {
    data: pickerData([], resourceOptions(known, chosen), resourceOptions(found.records), found.more),
    search,
    onSearchChange: setSearch,
    searching: found.searching,
  };
}

interface Props {
  value: number | null;
  onChange: (next: number | null) => void;
  readOnly?: boolean;
  error?: ReactNode;
  label?: string;
}

/**
 * §2 Details: the resource of a project or task, picked by name as the server finds it; a stored
 * unknown id shows as "#<id>".
 */
export function ResourceSelect({ value, onChange, readOnly = false, error, label }: Props) {
  const { t } = useTranslation('resources');
  const options = useResourceOptions(value === null ? [] : [value], readOnly);
  return (
    <SearchSelect
      {...options}
      label={label ?? t('select.label')}
      clearable={!readOnly}
      readOnly={readOnly}
      placeholder={readOnly ? undefined : t('select.placeholder')}
      value={value === null ? null : String(value)}
      onChange={(next) => onChange(next === null ? null : Number(next))}
      error={error}
    />
  );
}

/** Several resources (the timeline's filter), searched on the server. */
export function ResourcesSelect({
  value,
  onChange,
  ...props
}: {
  value: readonly number[];
  onChange: (next: number[]) => void;
  label: string;
  size?: 'xs';
  placeholder?: string;
  w?: number;
  clearable?: boolean;
}) {
  const options = useResourceOptions(value, false);
  return (
    <SearchMultiSelect
      {...options}
      {...props}
      value={value.map(String)}
      onChange={(next) => onChange(next.map(Number))}
    />
  );
}
