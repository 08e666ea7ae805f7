import { NumberInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { DescriptionField, DurationField, RequiredNameInput } from '../../record-dialog/SharedFields';
import { UiDateInput } from '../../common/UiDateInput';
import { codeLabel, codeOptions } from '../projectCodes';
import type { CodeKind } from '../projectCodes';
import { changeStart, durationOf } from './projectForm';
import type { ProjectTabProps } from './projectFormTypes';

/** The offered codes plus the stored one, should it lie outside them (option sets are not shown, §4). */
const codeData = (kind: CodeKind, value: number) => {
  const options = codeOptions(kind);
  return options.some((o) => o.value === String(value))
    ? options
    : [...options, { value: String(value), label: codeLabel(kind, value) }];
};

function CodeSelect({
  form,
  editable,
  field,
  kind,
  label,
}: ProjectTabProps & {
  field: 'status' | 'phase' | 'healthStatus';
  kind: CodeKind;
  label: string;
}) {
  const value = form.values[field];
  return (
    <Select
      label={label}
      data={codeData(kind, value)}
      allowDeselect={false}
      readOnly={!editable}
      value={String(value)}
      onChange={(next) => next !== null && form.setFieldValue(field, Number(next))}
      error={form.errors[field]}
    />
  );
}

/** §2 overview; `agileLifecycle` shows the phase. */
export function ProjectOverviewTab({
  form,
  editable,
  agileLifecycle,
}: ProjectTabProps & { agileLifecycle: boolean }) {
  const readOnly = !editable;
  const duration = durationOf(form.values);
  return (
    <Stack>
      <RequiredNameInput form={form} field="title" label="Title" editable={editable} />
      <DescriptionField form={form} readOnly={readOnly} />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <UiDateInput
          label="Begin"
          readOnly={readOnly}
          {...form.getInputProps('start')}
          onChange={(start) => form.setValues(changeStart(form.getValues(), start))}
        />
        <UiDateInput label="End" readOnly={readOnly} {...form.getInputProps('end')} />
        <DurationField duration={duration} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <CodeSelect form={form} editable={editable} field="status" kind="status" label="Status" />
        {agileLifecycle && (
          <CodeSelect form={form} editable={editable} field="phase" kind="phase" label="Phase" />
        )}
        <CodeSelect
          form={form}
          editable={editable}
          field="healthStatus"
          kind="health"
          label="Health status"
        />
      </SimpleGrid>
      <TextInput label="Contact" readOnly={readOnly} {...form.getInputProps('contact')} />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput label="Project number" readOnly={readOnly} {...form.getInputProps('projectNr')} />
        <TextInput label="Short name" readOnly={readOnly} {...form.getInputProps('shortname')} />
        {/* the type's option set is not shown (§4): the stored code */}
        <NumberInput
          label="Type (art)"
          min={0}
          max={99}
          allowDecimal={false}
          readOnly={readOnly}
          value={form.values.art}
          onChange={(next) => form.setFieldValue('art', typeof next === 'number' ? next : 0)}
          error={form.errors.art}
        />
      </SimpleGrid>
    </Stack>
  );
}
