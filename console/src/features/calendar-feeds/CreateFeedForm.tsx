import { Checkbox, Group, TextInput } from '@mantine/core';
import { IconCalendarPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isSprintGroup } from '@fahrplan/contracts';
import { useAppSelector } from '../../app/hooks';
import { ApplicationsPicker } from '../applications/ApplicationPicker';
import { useCan } from '../auth/permissions';
import { CreateFormPanel } from '../common/CreateFormPanel';
import { notifySuccess } from '../common/notify';
import { useCreateForm } from '../common/useCreateForm';
import { sendOnce } from '../api/commands';
import { ProjectsPicker } from '../projects/ProjectPicker';
import { ResourcesSelect } from '../resources/ResourceSelect';
import { selectMe } from '../session/selectMe';
import { useCreateCalendarFeedMutation } from './calendarFeedsApi';
import type { FeedSecretResult } from './calendarFeedsApi';

/**
 * A new feed: its name, whether it shows tasks, and the timeline's filters (projects, resources and,
 * with ALM, applications; none chosen: all). `onCreated` receives the answer with the secret.
 */
export function CreateFeedForm({ onCreated }: { onCreated: (created: FeedSecretResult) => void }) {
  const { t } = useTranslation('calendar-feeds');
  const [create] = useCreateCalendarFeedMutation();
  const alm = useAppSelector(selectMe)?.features.alm ?? false;
  const canListApplications = useCan('application-details', 'VIEW');
  const { form, panelProps } = useCreateForm({
    initialValues: {
      name: '',
      includeTasks: false,
      projects: [] as number[],
      resources: [] as number[],
      applications: [] as number[],
    },
    fields: ['name'],
    create: async (data) => {
      const created = await sendOnce(create, data);
      notifySuccess(t('created', { name: data.name.trim() }));
      onCreated(created);
    },
  });
  const { values } = form;

  const filter = { size: 'xs', placeholder: t('create.all'), clearable: true, w: 240 } as const;
  return (
    <CreateFormPanel
      title={t('create.title')}
      submitLabel={t('create.submit')}
      submitIcon={<IconCalendarPlus size={16} />}
      {...panelProps}
    >
      <TextInput label={t('create.name')} required maw={360} {...form.getInputProps('name')} />
      <Checkbox
        label={t('create.includeTasks')}
        {...form.getInputProps('includeTasks', { type: 'checkbox' })}
      />
      <Group align="flex-start" gap="sm" wrap="wrap">
        <ProjectsPicker
          {...filter}
          label={t('create.projects')}
          hide={(project) => isSprintGroup(project) || project.deleted}
          value={values.projects}
          onChange={(chosen) => form.setFieldValue('projects', chosen.map(Number))}
        />
        <ResourcesSelect
          {...filter}
          label={t('create.resources')}
          value={values.resources}
          onChange={(chosen) => form.setFieldValue('resources', chosen)}
        />
        {alm && canListApplications && (
          <ApplicationsPicker
            {...filter}
            label={t('create.applications')}
            value={values.applications}
            onChange={(chosen) => form.setFieldValue('applications', chosen.map(Number))}
          />
        )}
      </Group>
    </CreateFormPanel>
  );
}
