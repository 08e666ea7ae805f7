import { ActionIcon } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';

/** A row's remove icon: a red trash can named for what it removes (e.g. 'Remove Zurich'). */
export function RemoveButton({ label, size, onClick }: { label: string; size?: 'sm'; onClick: () => void }) {
  return (
    <ActionIcon variant="subtle" color="red" size={size} aria-label={label} onClick={onClick}>
      <IconTrash size={size === 'sm' ? 14 : 16} />
    </ActionIcon>
  );
}
