import type { ReactNode } from 'react';
import { useForm } from '@mantine/form';
import type { FormValidateInput } from '@mantine/form';
import { useCompareWithNow } from '../as-of/CompareWithNow';
import type { CompareWithNowOptions } from '../as-of/CompareWithNow';
import { formatFormValue } from '../as-of/compareWithNow';
import { optionText } from '../options/optionData';
import { useOptionLists } from '../options/useOptionLists';

/** The record, its form and its lists as "compare with now" reads them (see useCompareWithNow). */
interface RecordFormOptions<R, V> extends Pick<
  CompareWithNowOptions<R, V>,
  'kind' | 'id' | 'toValues' | 'listEntries'
> {
  /** The form as the dialog opened: the record as the console shows it (maybe as of a date). */
  initialValues: V;
  validate: FormValidateInput<V>;
  /** Form fields that are the dialog's own input, not the record's (a new comment, 'add account'). */
  ignore: readonly string[];
  /**
   * A field's value as the dialog's own tab shows it (a referenced record by its name), for "compare
   * with now"; null: the usual form.
   */
  formatField?: (field: string, value: unknown) => ReactNode;
}

/**
 * A record editor's form: controlled and validated as the user types; while the console shows the
 * past, its fields are marked where today's record differs (render `compare.notice` above the tabs).
 */
export function useRecordForm<R, V extends object>({
  kind,
  id,
  initialValues,
  validate,
  toValues,
  ignore,
  formatField = () => null,
  listEntries,
}: RecordFormOptions<R, V>) {
  const lists = useOptionLists();
  // the codes of a project's and an item's option lists by their labels, as the dialog's selects
  const record = kind === 'project' ? 'group' : kind;
  const formatValue = (field: string, value: unknown) =>
    formatField(field, value) ?? optionText(lists, record, field, value) ?? formatFormValue(value);
  const compare = useCompareWithNow({
    kind,
    id,
    asOfValues: initialValues,
    toValues,
    ignore,
    formatValue,
    listEntries,
  });
  const form = useForm<V>({
    mode: 'controlled',
    initialValues,
    validate,
    validateInputOnChange: true,
    enhanceGetInputProps: compare.enhanceGetInputProps,
  });
  return { form, compare };
}
