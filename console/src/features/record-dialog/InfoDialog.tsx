import type { ReactNode } from 'react';
import { Button, Group, Modal, Stack } from '@mantine/core';
import type { MantineSize } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useReturnFocus } from '../common/useReturnFocus';

/**
 * A dialog that shows something rather than edits it (a log, a year): its title, Escape and a named
 * close button, the focus back where it was once closed. With `closeLabel` it ends in a Close button
 * of that name, which has the focus. Mount it only while open.
 */
export function InfoDialog({
  title,
  size = 'md',
  onClose,
  closeLabel,
  children,
}: {
  title: ReactNode;
  size?: MantineSize;
  onClose: () => void;
  closeLabel?: string;
  children: ReactNode;
}) {
  useReturnFocus();
  const { t } = useTranslation('record-dialog');
  return (
    <Modal
      opened
      onClose={onClose}
      title={title}
      size={size}
      closeButtonProps={{ 'aria-label': t('closeDialog') }}
    >
      {closeLabel === undefined ? (
        children
      ) : (
        <Stack>
          {children}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} data-autofocus>
              {closeLabel}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
