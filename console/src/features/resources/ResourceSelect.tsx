import { useMemo } from 'react';
import { Select } from '@mantine/core';
import type { ReactNode } from 'react';
import { useGetResourcesQuery } from './resourcesApi';
import { resourceOptions } from './resourceOptions';

interface Props {
  value: number | null;
  onChange: (next: number | null) => void;
  readOnly?: boolean;
  error?: ReactNode;
  label?: string;
}

/** §2 Details: the resource of a project or task, picked by name; a stored unknown id shows as "#<id>". */
export function ResourceSelect({ value, onChange, readOnly = false, error, label = 'Resource' }: Props) {
  const { data, isError } = useGetResourcesQuery();
  const options = useMemo(() => resourceOptions(data ?? [], [value]), [data, value]);
  return (
    <Select
      label={label}
      data={options}
      searchable
      clearable={!readOnly}
      readOnly={readOnly}
      nothingFoundMessage="No such resource"
      placeholder={readOnly ? undefined : 'Pick a resource'}
      value={value === null ? null : String(value)}
      onChange={(next) => onChange(next === null ? null : Number(next))}
      error={error ?? (isError ? 'resources could not be loaded' : undefined)}
    />
  );
}
