import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import { describeError } from '../common/problem';
import { testResultText } from './mirrorStatus';
import type { ConnectionTestState } from './useConnectionTest';

/** A connection test: progress with Cancel while it runs, then a green or red alert naming what failed. */
export function ConnectionTestResult({
  state,
  elapsed,
  onCancel,
}: {
  state: ConnectionTestState;
  elapsed: number;
  onCancel: () => void;
}) {
  if (state.phase === 'idle') return null;
  if (state.phase === 'running')
    return (
      <Alert color="gray" variant="light" data-testid="tracker-test-running">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            <Loader size="xs" />
            <Text size="sm">
              Testing the connection… {elapsed > 0 ? `${elapsed} s` : ''}
              {elapsed >= 5 && ' (a slow or unreachable tracker can take up to 20 s)'}
            </Text>
          </Group>
          <Button size="compact-xs" variant="default" onClick={onCancel}>
            Cancel test
          </Button>
        </Group>
      </Alert>
    );
  if (state.phase === 'error')
    return (
      <Alert
        color="red"
        icon={<IconCircleX />}
        title="The test could not run"
        role="alert"
        data-testid="tracker-test-result"
      >
        {describeError(state.error)}
      </Alert>
    );
  const { title, lines } = testResultText(state.result);
  return (
    <Alert
      color={state.result.ok ? 'green' : 'red'}
      icon={state.result.ok ? <IconCircleCheck /> : <IconCircleX />}
      title={title}
      role={state.result.ok ? 'status' : 'alert'}
      data-testid="tracker-test-result"
    >
      <Stack gap={2}>
        {lines.map((line, i) => (
          <Text key={i} size="sm" c={i === 0 ? undefined : 'dimmed'}>
            {line}
          </Text>
        ))}
      </Stack>
    </Alert>
  );
}
