import { Checkbox, NumberInput, Select, TextInput } from '@mantine/core';
import { UiDateInput } from '../../common/UiDateInput';
import type { AttributeDefinition } from './applicationForm';
import type { ApplicationForm } from './formTypes';

interface Props {
  form: ApplicationForm;
  definition: AttributeDefinition;
  editable: boolean;
}

/** One custom attribute field, generated from the tenant's application attribute schema (§2 Details). */
export function AttributeField({ form, definition, editable }: Props) {
  const path = `attributes.${definition.key}`;
  const value = form.values.attributes[definition.key] ?? null;
  const error = form.errors[path];
  const set = (next: string | number | boolean | null) => form.setFieldValue(path, next);
  const common = { label: definition.label, readOnly: !editable, error };

  switch (definition.type) {
    case 'boolean':
      return (
        <Checkbox
          label={definition.label}
          checked={value === true}
          disabled={!editable}
          error={error}
          onChange={(e) => set(e.currentTarget.checked)}
        />
      );
    case 'number':
      return (
        <NumberInput
          {...common}
          value={typeof value === 'number' ? value : ''}
          onChange={(next) => set(typeof next === 'number' ? next : null)}
        />
      );
    case 'date':
      return <UiDateInput {...common} value={typeof value === 'string' ? value : null} onChange={set} />;
    case 'select':
      return (
        <Select
          {...common}
          data={[...(definition.options ?? [])]}
          clearable={editable}
          value={typeof value === 'string' ? value : null}
          onChange={set}
        />
      );
    case 'text':
      return (
        <TextInput
          {...common}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => set(e.currentTarget.value)}
        />
      );
  }
}
