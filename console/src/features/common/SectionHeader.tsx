import type { ReactNode } from 'react';
import { Button, Group, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';

/**
 * The heading of a page (level 1), an admin tab (level 2) or a section of one (level 3), with its `intro`
 * below; its actions on the right.
 */
export function SectionHeader({
  title,
  level,
  intro,
  children,
}: {
  title: string;
  level: 1 | 2 | 3;
  intro?: string;
  children?: ReactNode;
}) {
  const heading = (
    <Title order={level} size={`h${level + 1}`}>
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
