import { SimpleGrid, Stack, TextInput } from '@mantine/core';
import { optionListFields } from '@fahrplan/contracts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { DescriptionField, DurationField, RequiredNameInput } from '../../record-dialog/SharedFields';
import { UiDateInput } from '../../common/UiDateInput';
import { OptionSelect } from '../../options/OptionSelect';
import { useCountingRules } from '../../calendars/useCalendarRules';
import { CalendarRulesWarning } from '../../calendars/CalendarRulesWarning';
import { changeStart, durationOf } from './projectForm';
import type { ProjectTabProps } from './projectFormTypes';

/** The project's classification codes, each by the label its dialog field has. */
const codeLabels = (t: TFunction<'projects'>) => ({
  projectStatus: t('overview.status'),
  projectPhase: t('overview.phase'),
  projectHealth: t('overview.health'),
  projectArt: t('overview.art'),
  projectKlasse: t('overview.klasse'),
});

/** A classification code of the project, chosen by its label from the tenant's list (issue 19). */
function CodeSelect({
  form,
  editable,
  kind,
}: ProjectTabProps & { kind: keyof ReturnType<typeof codeLabels> }) {
  const { t } = useTranslation('projects');
  const { field } = optionListFields[kind];
  return (
    <OptionSelect
      label={codeLabels(t)[kind]}
      kind={kind}
      readOnly={!editable}
      value={form.values[field]}
      onChange={(next) => form.setFieldValue(field, next)}
      error={form.errors[field]}
    />
  );
}

/** §2 overview; `agileLifecycle` shows the phase; `sharedProject`: the id of a project shared with the tenant. */
export function ProjectOverviewTab({
  form,
  editable,
  agileLifecycle,
  sharedProject,
}: ProjectTabProps & { agileLifecycle: boolean; sharedProject: number | null }) {
  const { t } = useTranslation('projects');
  const readOnly = !editable;
  // a project shared with the tenant counts on its owner's calendar (issue 24)
  const { rules, failed } = useCountingRules(form.values.calendar, sharedProject);
  const duration = durationOf(form.values, rules);
  return (
    <Stack>
      <CalendarRulesWarning failed={failed} />
      <RequiredNameInput form={form} field="title" label={t('overview.title')} editable={editable} />
      <DescriptionField form={form} readOnly={readOnly} />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <UiDateInput
          label={t('overview.begin')}
          readOnly={readOnly}
          {...form.getInputProps('start')}
          onChange={(start) => form.setValues(changeStart(form.getValues(), start, rules))}
        />
        <UiDateInput label={t('overview.end')} readOnly={readOnly} {...form.getInputProps('end')} />
        <DurationField duration={duration} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <CodeSelect form={form} editable={editable} kind="projectStatus" />
        {agileLifecycle && <CodeSelect form={form} editable={editable} kind="projectPhase" />}
        <CodeSelect form={form} editable={editable} kind="projectHealth" />
      </SimpleGrid>
      <TextInput label={t('overview.contact')} readOnly={readOnly} {...form.getInputProps('contact')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label={t('overview.projectNr')} readOnly={readOnly} {...form.getInputProps('projectNr')} />
        <TextInput label={t('overview.shortname')} readOnly={readOnly} {...form.getInputProps('shortname')} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <CodeSelect form={form} editable={editable} kind="projectArt" />
        <CodeSelect form={form} editable={editable} kind="projectKlasse" />
      </SimpleGrid>
    </Stack>
  );
}
