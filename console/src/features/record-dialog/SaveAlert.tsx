import { Alert, Button, List, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { SaveStepError } from './SaveStepError';

interface Props {
  error: unknown;
  onReload: () => void;
  reloading: boolean;
  /** What the dialog edits, e.g. 'project'. */
  subject?: string;
  /** Steps of the save flow that succeeded before the failure (§4: nothing half-done is hidden). */
  done?: readonly string[];
}

/** §8 save failure: the server's problem detail (and field errors) in a red alert; 409 offers a reload. */
export function SaveAlert({ error, onReload, reloading, subject = 'application', done = [] }: Props) {
  const stepError = error instanceof SaveStepError ? error : null;
  const conflict = stepError?.status === 409;
  const fieldErrors = stepError?.problem?.errors ?? [];
  const message = error instanceof Error ? error.message : String(error);
  return (
    <Alert
      color="red"
      icon={<IconAlertCircle />}
      title={conflict ? 'Version conflict' : 'Error'}
      role="alert"
    >
      <Stack gap="xs">
        <Text size="sm">{message}</Text>
        {fieldErrors.length > 0 && (
          <List size="sm">
            {fieldErrors.map((e) => (
              <List.Item key={`${e.field}-${e.message}`}>
                {e.field}: {e.message}
              </List.Item>
            ))}
          </List>
        )}
        {done.length > 0 && <Text size="sm">Already done: {done.join(', ')}.</Text>}
        {conflict && (
          <div>
            <Text size="sm" mb="xs">
              Someone else changed this {subject} meanwhile. Reload it to see the current version (your
              changes to its fields are discarded).
            </Text>
            <Button size="xs" variant="white" color="red" loading={reloading} onClick={onReload}>
              Reload
            </Button>
          </div>
        )}
      </Stack>
    </Alert>
  );
}
