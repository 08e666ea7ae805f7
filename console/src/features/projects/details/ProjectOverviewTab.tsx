import { SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { OptionListKind } from '@fahrplan/contracts';
import { DescriptionField, DurationField, RequiredNameInput } from '../../record-dialog/SharedFields';
import { UiDateInput } from '../../common/UiDateInput';
import { OptionSelect } from '../../options/OptionSelect';
import { changeStart, durationOf } from './projectForm';
import type { ProjectTabProps } from './projectFormTypes';

/** A classification code of the project, chosen by its label from the tenant's list (issue 19). */
function CodeSelect({
  form,
  editable,
  field,
  kind,
  label,
}: ProjectTabProps & {
  field: 'status' | 'phase' | 'healthStatus' | 'art' | 'klasse';
  kind: OptionListKind;
  label: string;
}) {
  return (
    <OptionSelect
      label={label}
      kind={kind}
      readOnly={!editable}
      value={form.values[field]}
      onChange={(next) => form.setFieldValue(field, next)}
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
        <CodeSelect form={form} editable={editable} field="status" kind="projectStatus" label="Status" />
        {agileLifecycle && (
          <CodeSelect form={form} editable={editable} field="phase" kind="projectPhase" label="Phase" />
        )}
        <CodeSelect
          form={form}
          editable={editable}
          field="healthStatus"
          kind="projectHealth"
          label="Health status"
        />
      </SimpleGrid>
      <TextInput label="Contact" readOnly={readOnly} {...form.getInputProps('contact')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="Project number" readOnly={readOnly} {...form.getInputProps('projectNr')} />
        <TextInput label="Short name" readOnly={readOnly} {...form.getInputProps('shortname')} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <CodeSelect form={form} editable={editable} field="art" kind="projectArt" label="Type (art)" />
        <CodeSelect
          form={form}
          editable={editable}
          field="klasse"
          kind="projectKlasse"
          label="Class (klasse)"
        />
      </SimpleGrid>
    </Stack>
  );
}
