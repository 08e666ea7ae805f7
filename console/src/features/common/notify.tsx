import type { ReactNode } from 'react';
import { notifications } from '@mantine/notifications';

/** §8/§9: toasts at the bottom right for 5000 ms (position and duration are set on <Notifications>). */
export const notifySuccess = (message: ReactNode) => notifications.show({ message, color: 'green' });

export const notifyError = (message: ReactNode) => notifications.show({ message, color: 'red' });
