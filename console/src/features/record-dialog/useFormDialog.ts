import { useState } from 'react';
import { useForm } from '@mantine/form';
import type { UseFormInput } from '@mantine/form';
import { useCommandRun } from './FormDialog';

/**
 * An administration dialog's form (FormDialog): controlled, each field checked when it loses the focus,
 * its commands run by useCommandRun with a refusal's errors on `fields`, and whether it `changed` from
 * where it started.
 */
export function useFormDialog<Values extends object>(
  start: () => Values,
  validate: UseFormInput<Values>['validate'],
  fields: readonly string[],
) {
  const [initial] = useState(start);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: initial,
    validate,
    validateInputOnBlur: true,
  });
  const { run, busy, error } = useCommandRun({ form, fields });
  const changed = JSON.stringify(form.values) !== JSON.stringify(initial);
  return { form, run, busy, error, changed };
}
