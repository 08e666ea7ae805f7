import type { ReactNode } from 'react';
import { Modal } from '@mantine/core';
import type { MantineSize } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useReturnFocus } from '../common/useReturnFocus';

/**
 * A dialog that shows something rather than edits it (a log, a year): its title, Escape and a named
 * close button, the focus back where it was once closed. Mount it only while open.
 */
export function InfoDialog({
  title,
  size = 'md',
  onClose,
  children,
}: {
  title: ReactNode;
  size?: MantineSize;
  onClose: () => void;
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
      {children}
    </Modal>
  );
}
