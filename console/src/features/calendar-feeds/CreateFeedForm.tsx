import { useState } from 'react';
import { Checkbox, Group, TextInput } from '@mantine/core';
import { IconCalendarPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isSprintGroup } from '@fahrplan/contracts';
import { useAppSelector } from '../../app/hooks';
import { ApplicationsPicker } from '../applications/ApplicationPicker';
import { useCan } from '../auth/permissions';
import { CreateFormPanel } from '../common/CreateFormPanel';
import { notifySuccess } from '../common/notify';
import { formErrorsOf } from '../common/problem';
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
  const [create, { isLoading }] = useCreateCalendarFeedMutation();
  const alm = useAppSelector(selectMe)?.features.alm ?? false;
  const canListApplications = useCan('application-details', 'VIEW');
  const [name, setName] = useState('');
  const [includeTasks, setIncludeTasks] = useState(false);
  const [projects, setProjects] = useState<number[]>([]);
  const [resources, setResources] = useState<number[]>([]);
  const [applications, setApplications] = useState<number[]>([]);
  const [errors, setErrors] = useState<{ name?: string; other?: string }>({});

  const submit = async () => {
    setErrors({});
    try {
      const created = await create({
        data: { name, includeTasks, projects, resources, applications },
        idempotencyKey: crypto.randomUUID(),
      }).unwrap();
      notifySuccess(t('created', { name: name.trim() }));
      onCreated(created);
      setName('');
      setIncludeTasks(false);
      setProjects([]);
      setResources([]);
      setApplications([]);
    } catch (error) {
      setErrors(formErrorsOf(error, ['name']));
    }
  };

  const filter = { size: 'xs', placeholder: t('create.all'), clearable: true, w: 240 } as const;
  return (
    <CreateFormPanel
      title={t('create.title')}
      submitLabel={t('create.submit')}
      submitIcon={<IconCalendarPlus size={16} />}
      busy={isLoading}
      failure={errors.other}
      onSubmit={submit}
    >
      <TextInput
        label={t('create.name')}
        value={name}
        onChange={(event) => setName(event.currentTarget.value)}
        error={errors.name}
        required
        maw={360}
      />
      <Checkbox
        label={t('create.includeTasks')}
        checked={includeTasks}
        onChange={(event) => setIncludeTasks(event.currentTarget.checked)}
      />
      <Group align="flex-start" gap="sm" wrap="wrap">
        <ProjectsPicker
          {...filter}
          label={t('create.projects')}
          hide={(project) => isSprintGroup(project) || project.deleted}
          value={projects}
          onChange={(values) => setProjects(values.map(Number))}
        />
        <ResourcesSelect
          {...filter}
          label={t('create.resources')}
          value={resources}
          onChange={setResources}
        />
        {alm && canListApplications && (
          <ApplicationsPicker
            {...filter}
            label={t('create.applications')}
            value={applications}
            onChange={(values) => setApplications(values.map(Number))}
          />
        )}
      </Group>
    </CreateFormPanel>
  );
}
