import type { ReactNode } from 'react';
import { Alert, Button, Group, Paper, Stack, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

/**
 * A page's form for a new record, framed beside its list: its title, its fields (`children`), a
 * failure that names no field (`failure`), and its submit button; Enter in a field submits.
 */
export function CreateFormPanel({
  title,
  submitLabel,
  submitIcon,
  busy,
  failure,
  onSubmit,
  children,
}: {
  title: string;
  submitLabel: string;
  submitIcon: ReactNode;
  busy: boolean;
  failure?: string;
  onSubmit: () => Promise<void>;
  children: ReactNode;
}) {
  return (
    <Paper withBorder p="md" radius="sm">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void onSubmit();
        }}
      >
        <Stack gap="sm">
          <Title order={2} size="h3">
            {title}
          </Title>
          {children}
          {failure && (
            <Alert color="red" icon={<IconAlertCircle />} role="alert">
              {failure}
            </Alert>
          )}
          <Group>
            <Button type="submit" loading={busy} leftSection={submitIcon}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
