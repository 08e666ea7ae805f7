import { useState } from 'react';
import { useForm } from '@mantine/form';
import { formErrorsOf } from './problem';

/**
 * The form of a page's CreateFormPanel: its values, `create` on submit, then the form empty again; a
 * refusal's messages go to the named `fields`, or, when it names none of them, to `failure` (the
 * panel's alert). `panelProps` wires the panel's submit, busy state and alert.
 */
export function useCreateForm<V extends Record<string, unknown>>({
  initialValues,
  fields,
  create,
}: {
  initialValues: V;
  fields: readonly (keyof V & string)[];
  create: (values: V) => Promise<void>;
}) {
  const form = useForm<V>({ mode: 'controlled', initialValues });
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);
  const onSubmit = async () => {
    setFailure(undefined);
    setBusy(true);
    form.clearErrors();
    try {
      await create(form.getValues());
      form.reset();
    } catch (error) {
      const { other, ...named } = formErrorsOf(error, fields);
      form.setErrors(named);
      setFailure(other);
    } finally {
      setBusy(false);
    }
  };
  return { form, panelProps: { busy, failure, onSubmit } };
}
