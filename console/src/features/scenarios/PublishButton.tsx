import { useState } from 'react';
import { Alert, Button, Loader, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { RecordDifference, ScenarioView } from '@fahrplan/contracts';
import { useCan } from '../auth/permissions';
import { ConfirmActions } from '../common/ConfirmActions';
import { notifySuccess } from '../common/notify';
import { describeError } from '../common/problem';
import { RecordDifferences } from './RecordDifferences';
import { conflictingRecords } from './recordDifferences';
import { useGetScenarioDiffQuery, usePublishScenarioMutation } from './scenariosApi';
import { useSetScenario } from './useScenario';

/** What will change on the live plan, from the scenario's diff: loading, failed, nothing, or the records. */
function PublishPreview({ id, onResolve }: { id: number; onResolve: () => void }) {
  const { t } = useTranslation('scenarios');
  const diff = useGetScenarioDiffQuery({ id });
  if (diff.isLoading) return <Loader size="sm" aria-label={t('publish.loading')} />;
  if (diff.isError)
    return (
      <Alert color="red" icon={<IconAlertCircle />} role="alert" title={t('publish.diffFailed')}>
        {describeError(diff.error)}
      </Alert>
    );
  const records = diff.data?.records ?? [];
  if (records.length === 0) return <Text size="sm">{t('publish.nothing')}</Text>;
  return (
    <Stack gap="xs">
      <Text size="sm">{t('publish.changes', { count: records.length })}</Text>
      <ScrollArea.Autosize mah={320}>
        <RecordDifferences records={records} resolveIn={id} onResolve={onResolve} />
      </ScrollArea.Autosize>
    </Stack>
  );
}

/**
 * Publish (issue 22, scenarios EDIT): a confirmation listing what will change; a 409
 * `scenario-conflict` lists the conflicting records with both values and links to resolve each in the
 * scenario; success returns to the live plan with a notice.
 */
export function PublishButton({ scenario }: { scenario: ScenarioView }) {
  const { t } = useTranslation('scenarios');
  const canPublish = useCan('scenarios', 'EDIT');
  const setScenario = useSetScenario();
  const [publish, { isLoading }] = usePublishScenarioMutation();
  const [opened, setOpened] = useState(false);
  const [conflicts, setConflicts] = useState<readonly RecordDifference[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  if (!canPublish) return null;

  const close = () => {
    setOpened(false);
    setConflicts(null);
    setFailure(null);
  };
  const confirm = async () => {
    setConflicts(null);
    setFailure(null);
    try {
      await publish({
        data: { id: scenario.id, version: scenario.version },
        idempotencyKey: crypto.randomUUID(),
      }).unwrap();
      close();
      notifySuccess(t('publish.done', { name: scenario.name }));
      setScenario(null);
    } catch (error) {
      const records = conflictingRecords(error);
      if (records) setConflicts(records);
      else setFailure(describeError(error));
    }
  };

  return (
    <>
      <Button
        size="xs"
        variant="default"
        leftSection={<IconUpload size={16} />}
        onClick={() => setOpened(true)}
      >
        {t('publish.button')}
      </Button>
      <Modal
        opened={opened}
        onClose={close}
        title={t('publish.title', { name: scenario.name })}
        closeButtonProps={{ 'aria-label': t('publish.close') }}
        size="lg"
        centered
      >
        <Stack gap="sm">
          {conflicts ? (
            <Alert color="red" icon={<IconAlertCircle />} role="alert" title={t('publish.conflictTitle')}>
              <Stack gap="xs">
                <Text size="sm">{t('publish.conflictText', { count: conflicts.length })}</Text>
                <RecordDifferences records={conflicts} resolveIn={scenario.id} onResolve={close} />
              </Stack>
            </Alert>
          ) : (
            <PublishPreview id={scenario.id} onResolve={close} />
          )}
          {failure && (
            <Alert color="red" icon={<IconAlertCircle />} role="alert" title={t('publish.failed')}>
              {failure}
            </Alert>
          )}
          <Text size="xs" c="dimmed">
            {t('publish.recorded')}
          </Text>
        </Stack>
        <ConfirmActions
          cancelLabel={t('publish.cancel')}
          onCancel={close}
          confirm={{
            label: t('publish.confirm'),
            onConfirm: () => void confirm(),
            loading: isLoading,
            disabled: conflicts !== null,
          }}
        />
      </Modal>
    </>
  );
}
