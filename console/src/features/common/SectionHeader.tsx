import type { ReactNode } from 'react';
import { Button, Group, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';

/** The heading of a page (level 1) or of an admin tab (level 2), its actions on the right. */
export function SectionHeader({
  title,
  level,
  children,
}: {
  title: string;
  level: 1 | 2;
  children?: ReactNode;
}) {
  return (
    <Group justify="space-between">
      <Title order={level} size={level === 1 ? 'h2' : 'h3'}>
        {title}
      </Title>
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
