import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('tracker');
  if (state.phase === 'idle') return null;
  if (state.phase === 'running')
    return (
      <Alert color="gray" variant="light" data-testid="tracker-test-running">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            <Loader size="xs" />
            <Text size="sm">
              {elapsed >= 5
                ? t('test.runningSlow', { elapsed })
                : elapsed > 0
                  ? t('test.runningFor', { elapsed })
                  : t('test.running')}
            </Text>
          </Group>
          <Button size="compact-xs" variant="default" onClick={onCancel}>
            {t('test.cancel')}
          </Button>
        </Group>
      </Alert>
    );
  if (state.phase === 'error')
    return (
      <Alert
        color="red"
        icon={<IconCircleX />}
        title={t('test.couldNotRun')}
        role="alert"
        data-testid="tracker-test-result"
      >
        {describeError(state.error)}
      </Alert>
    );
  const { title, lines } = testResultText(state.result, t);
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
