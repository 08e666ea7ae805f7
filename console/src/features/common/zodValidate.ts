import { schemaResolver } from '@mantine/form';
import type { FormErrors } from '@mantine/form';
import { fieldMessage } from './problem';

type StandardSchema = Parameters<typeof schemaResolver>[0];

/**
 * A @mantine/form validator from a shared zod schema (zod 4 is a Standard Schema). The form's values
 * are first turned into what the schema checks (e.g. the command that will be sent); `fieldOf` maps an
 * issue path of that input back to a form field path.
 */
export const zodValidate = <Values, Input>(
  schema: StandardSchema,
  toInput: (values: Values) => Input,
  fieldOf: (path: string) => string = (path) => path,
): ((values: Values) => FormErrors) => {
  const resolve = schemaResolver(schema, { sync: true });
  return (values) => {
    const errors: FormErrors = {};
    for (const [path, message] of Object.entries(resolve(toInput(values)))) {
      const field = fieldOf(path);
      // the schema's English message, said in the language shown
      errors[field] ??= typeof message === 'string' ? fieldMessage({ message }) : message;
    }
    return errors;
  };
};

/**
 * A form's validator and its parser from the shared schema of the command it sends: the values are
 * checked (zodValidate) and parsed as the command's data through the same `toInput`.
 */
export const zodCommand = <Values, Input, Output>(
  schema: StandardSchema & { parse: (input: unknown) => Output },
  toInput: (values: Values) => Input,
) => ({
  validate: zodValidate(schema, toInput),
  parse: (values: Values): Output => schema.parse(toInput(values)),
});
