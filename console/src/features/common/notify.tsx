import type { ReactNode } from 'react';
import { notifications } from '@mantine/notifications';
import { spoken } from '../i18n/spoken';

interface Notice {
  message: ReactNode;
  /** Shown in bold above the message. */
  title?: string;
  /** A notice with this id replaces the one shown. */
  id?: string;
  color?: 'green' | 'red' | 'orange';
  /** Errors, refusals and conflicts interrupt what the screen reader says; the rest waits its turn. */
  urgent?: boolean;
}

/**
 * The one place that tells the user what happened: a notice at the bottom right, spoken by screen
 * readers as it shows (it shows inside the polite live region of `LiveAnnouncer`). A notice is no
 * `alert` of its own (Mantine's default), which would have it spoken twice; an urgent one is an
 * assertive region of its own.
 */
export function notify({ message, title, id, color, urgent = false }: Notice): void {
  if (id !== undefined) notifications.hide(id);
  notifications.show({
    id,
    title,
    message,
    color,
    role: 'none',
    closeButtonProps: { 'aria-label': spoken((t) => t('common:closeNotice'), 'Close the notice') },
    ...(urgent ? { 'aria-live': 'assertive' as const } : {}),
  });
}

export const notifySuccess = (message: ReactNode) => notify({ message, color: 'green' });

export const notifyError = (message: ReactNode) => notify({ message, color: 'red', urgent: true });
