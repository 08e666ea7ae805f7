import { notifications } from '@mantine/notifications';

/** §8/§9: toasts at the bottom right for 5000 ms (position and duration are set on <Notifications>). */
export const notifySuccess = (message: string) => notifications.show({ message, color: 'green' });

export const notifyError = (message: string) => notifications.show({ message, color: 'red' });
