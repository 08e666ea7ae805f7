import type { ReactNode } from 'react';
import { Button, Group, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';

/** The heading of a page (level 1) or of an admin tab (level 2), with its `intro` below; its actions on the right. */
export function SectionHeader({
  title,
  level,
  intro,
  children,
}: {
  title: string;
  level: 1 | 2;
  intro?: string;
  children?: ReactNode;
}) {
  const heading = (
    <Title order={level} size={level === 1 ? 'h2' : 'h3'}>
      {title}
    </Title>
  );
  return (
    <Group justify="space-between">
      {intro === undefined ? (
        heading
      ) : (
        <div>
          {heading}
          <Text size="sm" c="dimmed">
            {intro}
          </Text>
        </div>
      )}
      {children}
    </Group>
  );
}

/** A header's action that opens the dialog of a new record. */
export function NewButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button leftSection={<IconPlus size={16} />} onClick={onClick}>
      {label}
    </Button>
  );
}
