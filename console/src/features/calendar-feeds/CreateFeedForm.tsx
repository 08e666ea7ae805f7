import { useState } from 'react';
import { Alert, Button, Checkbox, Group, Paper, Stack, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconCalendarPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isSprintGroup } from '@fahrplan/contracts';
import { useAppSelector } from '../../app/hooks';
import { ApplicationsPicker } from '../applications/ApplicationPicker';
import { useCan } from '../auth/permissions';
import { notifySuccess } from '../common/notify';
import { describeError, fieldMessage, problemOf } from '../common/problem';
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
      const named = problemOf(error)?.errors?.find((e) => e.field === 'name');
      setErrors(named ? { name: fieldMessage(named) } : { other: describeError(error) });
    }
  };

  const filter = { size: 'xs', placeholder: t('create.all'), clearable: true, w: 240 } as const;
  return (
    <Paper withBorder p="md" radius="sm">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="sm">
          <Title order={2} size="h3">
            {t('create.title')}
          </Title>
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
          {errors.other && (
            <Alert color="red" icon={<IconAlertCircle />} role="alert">
              {errors.other}
            </Alert>
          )}
          <Group>
            <Button type="submit" loading={isLoading} leftSection={<IconCalendarPlus size={16} />}>
              {t('create.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
