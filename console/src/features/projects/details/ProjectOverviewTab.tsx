import { SimpleGrid, Stack, TextInput } from '@mantine/core';
import { optionListFields } from '@fahrplan/contracts';
import { DescriptionField, DurationField, RequiredNameInput } from '../../record-dialog/SharedFields';
import { UiDateInput } from '../../common/UiDateInput';
import { OptionSelect } from '../../options/OptionSelect';
import { changeStart, durationOf } from './projectForm';
import type { ProjectTabProps } from './projectFormTypes';

/** The project's classification codes, each by the label its dialog field has. */
const codeLabels = {
  projectStatus: 'Status',
  projectPhase: 'Phase',
  projectHealth: 'Health status',
  projectArt: 'Type (art)',
  projectKlasse: 'Class (klasse)',
} as const;

/** A classification code of the project, chosen by its label from the tenant's list (issue 19). */
function CodeSelect({ form, editable, kind }: ProjectTabProps & { kind: keyof typeof codeLabels }) {
  const { field } = optionListFields[kind];
  return (
    <OptionSelect
      label={codeLabels[kind]}
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
        <CodeSelect form={form} editable={editable} kind="projectStatus" />
        {agileLifecycle && <CodeSelect form={form} editable={editable} kind="projectPhase" />}
        <CodeSelect form={form} editable={editable} kind="projectHealth" />
      </SimpleGrid>
      <TextInput label="Contact" readOnly={readOnly} {...form.getInputProps('contact')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="Project number" readOnly={readOnly} {...form.getInputProps('projectNr')} />
        <TextInput label="Short name" readOnly={readOnly} {...form.getInputProps('shortname')} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <CodeSelect form={form} editable={editable} kind="projectArt" />
        <CodeSelect form={form} editable={editable} kind="projectKlasse" />
      </SimpleGrid>
    </Stack>
  );
}
