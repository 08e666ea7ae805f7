import { useState } from 'react';
import { Alert, Button, Group, Loader, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { RecordDifference, ScenarioView } from '@fahrplan/contracts';
import { useCan } from '../auth/permissions';
import { ConfirmActions } from '../common/ConfirmActions';
import { notifySuccess } from '../common/notify';
import { describeError } from '../common/problem';
import { RecordDifferences } from './RecordDifferences';
import { conflictingRecords } from './recordDifferences';
import { usePublishScenarioMutation } from './scenariosApi';
import { useSetScenario } from './useScenario';
import { useWholeDiff } from './useWholeDiff';
import type { WholeDiff } from './useWholeDiff';

/**
 * What will change on the live plan, from the scenario's whole diff (every page, read one after the
 * other with the count so far): loading, failed, nothing, or the records.
 */
function PublishPreview({ diff, onResolve }: { diff: WholeDiff & { id: number }; onResolve: () => void }) {
  const { t } = useTranslation('scenarios');
  if (diff.isLoading) return <Loader size="sm" aria-label={t('publish.loading')} />;
  if (diff.error)
    return (
      <Alert color="red" icon={<IconAlertCircle />} role="alert" title={t('publish.diffFailed')}>
        {describeError(diff.error)}
      </Alert>
    );
  const { records, done, capped } = diff;
  if (done && records.length === 0) return <Text size="sm">{t('publish.nothing')}</Text>;
  return (
    <Stack gap="xs">
      {done ? (
        <Text size="sm">{t('publish.changes', { count: records.length })}</Text>
      ) : (
        <Group gap="xs" role="status">
          <Loader size="xs" aria-hidden />
          <Text size="sm">{t('publish.reading', { count: records.length })}</Text>
        </Group>
      )}
      {capped && (
        <Text size="sm" c="dimmed">
          {t('publish.capped', { count: records.length })}
        </Text>
      )}
      {/* a list taller than the dialog scrolls, by keyboard too: the region is focusable and named */}
      <ScrollArea.Autosize
        mah={320}
        viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': t('publish.records') }}
      >
        <RecordDifferences records={records} resolveIn={diff.id} onResolve={onResolve} />
      </ScrollArea.Autosize>
    </Stack>
  );
}

/**
 * The confirmation's body, mounted while the dialog is open: the whole diff read before Publish is
 * enabled; a 409 `scenario-conflict` lists the conflicting records with both values, the buttons that
 * resolve each field, and links to the records in the scenario.
 */
function PublishConfirmation({ scenario, onClose }: { scenario: ScenarioView; onClose: () => void }) {
  const { t } = useTranslation('scenarios');
  const setScenario = useSetScenario();
  const diff = useWholeDiff(scenario.id);
  const [publish, { isLoading }] = usePublishScenarioMutation();
  const [conflicts, setConflicts] = useState<readonly RecordDifference[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const confirm = async () => {
    setConflicts(null);
    setFailure(null);
    try {
      await publish({
        data: { id: scenario.id, version: scenario.version },
        idempotencyKey: crypto.randomUUID(),
      }).unwrap();
      onClose();
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
      <Stack gap="sm">
        {conflicts ? (
          <Alert color="red" icon={<IconAlertCircle />} role="alert" title={t('publish.conflictTitle')}>
            <Stack gap="xs">
              <Text size="sm">{t('publish.conflictText', { count: conflicts.length })}</Text>
              <RecordDifferences
                records={conflicts}
                resolveIn={scenario.id}
                onResolve={onClose}
                onResolved={() => setConflicts(null)}
              />
            </Stack>
          </Alert>
        ) : (
          <PublishPreview diff={{ ...diff, id: scenario.id }} onResolve={onClose} />
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
        onCancel={onClose}
        confirm={{
          label: t('publish.confirm'),
          onConfirm: () => void confirm(),
          loading: isLoading,
          disabled: conflicts !== null || !diff.done,
        }}
      />
    </>
  );
}

/** Publish (issue 22, scenarios EDIT): a confirmation of what will change; success returns to the live plan. */
export function PublishButton({ scenario }: { scenario: ScenarioView }) {
  const { t } = useTranslation('scenarios');
  const canPublish = useCan('scenarios', 'EDIT');
  const [opened, setOpened] = useState(false);
  if (!canPublish) return null;
  const close = () => setOpened(false);

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
        <PublishConfirmation scenario={scenario} onClose={close} />
      </Modal>
    </>
  );
}
