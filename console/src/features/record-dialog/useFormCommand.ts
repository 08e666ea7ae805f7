import { useState } from 'react';
import { useForm } from '@mantine/form';
import type { UseFormInput } from '@mantine/form';
import { notifySuccess } from '../common/notify';
import type { CommandRequest } from '../api/commands';
import { useCommandRun } from './FormDialog';

/** A command mutation's trigger (RTK Query): sends the request, `unwrap` answers or throws. */
type CommandTrigger<D, R> = (request: CommandRequest<D>) => { unwrap: () => Promise<R> };

/**
 * A dialog's form that sends one command (FormDialog): the form itself (controlled, from `form`), and
 * on submit it validates, turns the values into the command's data (`parse`), sends it as `step` under
 * the step's kept Idempotency-Key through the `command` mutation (useCommandRun: busy, the failure for
 * the alert, a refusal's field errors onto `fields`, by default the form's own) and, once it succeeded, says `notice` and closes,
 * or calls `onDone` with the data and the answer instead of closing. `onError` sees a failure besides.
 * `changed`: the values differ from where they started; `dialogProps` wires FormDialog's close, submit,
 * busy state and alert.
 */
export function useFormCommand<V extends object, D, R>({
  form: input,
  fields,
  step,
  parse,
  command: send,
  notice,
  onClose,
  onDone,
  onError,
}: {
  form: UseFormInput<V> & { initialValues: V };
  fields?: readonly string[];
  step: string;
  parse: (values: V) => D;
  command: CommandTrigger<D, R>;
  /** The success notice. */
  notice?: (data: D) => string;
  onClose: () => void;
  onDone?: (data: D, answer: R) => void;
  onError?: (error: unknown) => void;
}) {
  const [initial] = useState(input.initialValues);
  const form = useForm<V>({ mode: 'controlled', ...input, initialValues: initial });
  const command = useCommandRun({ form, fields: fields ?? Object.keys(initial) });
  const submit = async () => {
    if (form.validate().hasErrors) return;
    const data = parse(form.getValues());
    let answer: R | undefined;
    const ok = await command.run(async (keyed) => {
      answer = await keyed(step, data, (idempotencyKey) => send({ data, idempotencyKey }).unwrap());
    }, onError);
    if (!ok) return;
    if (notice) notifySuccess(notice(data));
    if (onDone) onDone(data, answer as R);
    else onClose();
  };
  const changed = JSON.stringify(form.values) !== JSON.stringify(initial);
  const dialogProps = { onClose, onSubmit: () => void submit(), busy: command.busy, error: command.error };
  return { ...command, form, submit, changed, dialogProps };
}
