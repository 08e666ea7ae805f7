import type { UseFormReturnType } from '@mantine/form';
import { useCommandRun } from './FormDialog';

/**
 * A dialog's form that sends one command: on submit it validates the form, turns its values into the
 * command's data (`parse`), sends it as `step` under the step's kept Idempotency-Key (useCommandRun:
 * busy, the failure for the alert, field errors onto the form) and, once it succeeded, calls `onDone`
 * with the data and the answer. `onError` sees a failure besides.
 */
export function useFormCommand<V, D, R>({
  form,
  fields,
  step,
  parse,
  send,
  onDone,
  onError,
}: {
  form: UseFormReturnType<V>;
  fields: readonly string[];
  step: string;
  parse: (values: V) => D;
  send: (data: D, idempotencyKey: string) => Promise<R>;
  onDone: (data: D, answer: R) => void;
  onError?: (error: unknown) => void;
}) {
  const command = useCommandRun({ form, fields });
  const submit = async () => {
    if (form.validate().hasErrors) return;
    const data = parse(form.getValues());
    let answer: R | undefined;
    const ok = await command.run(async (keyed) => {
      answer = await keyed(step, data, (idempotencyKey) => send(data, idempotencyKey));
    }, onError);
    if (ok) onDone(data, answer as R);
  };
  return { ...command, submit };
}
