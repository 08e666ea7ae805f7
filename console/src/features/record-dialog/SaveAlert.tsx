import { Alert, Button, List, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { RecordSubject } from './LeaveConfirm';
import { fieldMessage } from '../common/problem';
import { SaveStepError } from './SaveStepError';

interface Props {
  error: unknown;
  onReload: () => void;
  reloading: boolean;
  /** What the dialog edits. */
  subject?: RecordSubject;
  /** Steps of the save flow that succeeded before the failure (§4: nothing half-done is hidden). */
  done?: readonly string[];
}

/** §8 save failure: the server's problem detail (and field errors) in a red alert; 409 offers a reload. */
export function SaveAlert({ error, onReload, reloading, subject = 'application', done = [] }: Props) {
  const { t } = useTranslation('record-dialog');
  const changedMeanwhile: Record<RecordSubject, string> = {
    application: t('saveAlert.changedMeanwhile.application'),
    project: t('saveAlert.changedMeanwhile.project'),
    item: t('saveAlert.changedMeanwhile.item'),
  };
  const stepError = error instanceof SaveStepError ? error : null;
  const conflict = stepError?.status === 409;
  const fieldErrors = stepError?.problem?.errors ?? [];
  const message = error instanceof Error ? error.message : String(error);
  return (
    <Alert
      color="red"
      icon={<IconAlertCircle />}
      title={conflict ? t('saveAlert.versionConflict') : t('failure.error')}
      role="alert"
    >
      <Stack gap="xs">
        <Text size="sm">{message}</Text>
        {fieldErrors.length > 0 && (
          <List size="sm">
            {fieldErrors.map((e) => (
              <List.Item key={`${e.field}-${e.message}`}>
                {e.field}: {fieldMessage(e)}
              </List.Item>
            ))}
          </List>
        )}
        {done.length > 0 && <Text size="sm">{t('saveAlert.alreadyDone', { steps: done.join(', ') })}</Text>}
        {conflict && (
          <div>
            <Text size="sm" mb="xs">
              {changedMeanwhile[subject]}
            </Text>
            <Button size="xs" variant="white" color="red" loading={reloading} onClick={onReload}>
              {t('saveAlert.reload')}
            </Button>
          </div>
        )}
      </Stack>
    </Alert>
  );
}
