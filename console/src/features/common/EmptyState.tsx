import type { ComponentType } from 'react';
import { Paper, Stack, Text } from '@mantine/core';

/** What a list or chart shows instead of itself when there is nothing to show. */
export function EmptyState({
  icon: Icon,
  text,
}: {
  icon: ComponentType<{ size: number; color: string; 'aria-hidden': boolean }>;
  text: string;
}) {
  return (
    <Paper withBorder p="xl" radius="sm">
      <Stack align="center" gap="xs">
        <Icon size={32} color="var(--mantine-color-dimmed)" aria-hidden />
        <Text c="dimmed">{text}</Text>
      </Stack>
    </Paper>
  );
}
