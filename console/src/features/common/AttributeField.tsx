import { Checkbox, Divider, Select, SimpleGrid, TextInput } from '@mantine/core';
import { ranges } from '@fahrplan/contracts';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { NumberField } from './NumberField';
import { UiDateInput } from './UiDateInput';
import type { AttributeDefinition, AttributeFormValue, AttributeFormValues } from './attributes';

interface Props<Values extends { attributes: AttributeFormValues }> {
  form: UseFormReturnType<Values>;
  definition: AttributeDefinition;
  editable: boolean;
}

/** One custom attribute field, generated from the tenant's application or task attribute schema (§2 Details). */
export function AttributeField<Values extends { attributes: AttributeFormValues }>({
  form,
  definition,
  editable,
}: Props<Values>) {
  const path = `attributes.${definition.key}`;
  const value = form.values.attributes[definition.key] ?? null;
  const error = form.errors[path];
  // the path's value type is AttributeFormValue by the Values constraint, which TS cannot resolve generically
  const set = (next: AttributeFormValue) =>
    form.setFieldValue(path, next as Parameters<typeof form.setFieldValue>[1]);
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
        <NumberField
          {...common}
          range={ranges.attributeNumber}
          value={typeof value === 'number' || typeof value === 'string' ? value : null}
          onChange={(next) => set(next === '' ? null : next)}
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

/** The generated fields of a schema under an "Attributes" divider; nothing when the schema is empty. */
export function AttributeFields<Values extends { attributes: AttributeFormValues }>({
  form,
  definitions,
  editable,
}: Omit<Props<Values>, 'definition'> & { definitions: readonly AttributeDefinition[] }) {
  const { t } = useTranslation('common');
  if (definitions.length === 0) return null;
  return (
    <>
      <Divider label={t('attributes')} labelPosition="left" />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {definitions.map((definition) => (
          <AttributeField key={definition.key} form={form} definition={definition} editable={editable} />
        ))}
      </SimpleGrid>
    </>
  );
}
