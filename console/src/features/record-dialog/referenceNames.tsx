import type { ComponentType, ReactNode } from 'react';
import { referencedIds } from '@fahrplan/contracts';

/** A component that shows records by their names, as the pickers do (recordPickers' `Names`). */
export type NamesOf = ComponentType<{ ids: readonly number[] }>;

/**
 * A "compare with now" formatter of a dialog's reference fields (issue 19): each field's ids by the
 * names its picker shows; null for any other field or an empty reference.
 */
export const referenceNames =
  (fields: Readonly<Record<string, NamesOf>>) =>
  (field: string, value: unknown): ReactNode => {
    const Names = fields[field];
    const ids = referencedIds(value);
    return Names && ids.length > 0 ? <Names ids={ids} /> : null;
  };
