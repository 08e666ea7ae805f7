import { Select } from '@mantine/core';
import type { ReactNode } from 'react';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { pageItems } from '../api/pages';
import { useGetCalendarPagesInfiniteQuery, useGetCalendarQuery } from './calendarsApi';

/** The null choice's value: Select values are strings. */
const noneValue = 'none';

interface Props {
  value: number | null;
  onChange: (next: number | null) => void;
  label: string;
  description?: string;
  /** The label of "no calendar of its own" (null); without it a calendar must be chosen. */
  none?: string;
  /** How a chosen calendar the tenant's list does not hold is named until it loads. */
  unknown: (id: number) => string;
  readOnly?: boolean;
  error?: ReactNode;
}

/**
 * Issue 24: a working-day calendar chosen by name from the tenant's calendars (their first page: a
 * tenant has a handful), the chosen one named wherever it is.
 */
export function CalendarSelect({
  value,
  onChange,
  label,
  description,
  none,
  unknown,
  readOnly,
  error,
}: Props) {
  const listed = pageItems(useGetCalendarPagesInfiniteQuery().data);
  const missing = value !== null && !listed.some((c) => c.id === value);
  const chosen = useGetCalendarQuery(missing ? value : skipToken).data;
  const options = listed.map((c) => ({ value: String(c.id), label: c.name }));
  if (missing) options.push({ value: String(value), label: chosen?.name ?? unknown(value) });
  if (none !== undefined) options.unshift({ value: noneValue, label: none });
  return (
    <Select
      label={label}
      description={description}
      data={options}
      value={value === null ? noneValue : String(value)}
      onChange={(next) => next !== null && onChange(next === noneValue ? null : Number(next))}
      allowDeselect={false}
      readOnly={readOnly}
      error={error}
    />
  );
}
