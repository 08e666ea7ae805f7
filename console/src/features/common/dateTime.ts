import dayjs from 'dayjs';

/**
 * Whether a formatted instant shows its seconds: `always` (to tell saves apart), `never`, or `auto`
 * (only when there are some).
 */
export type SecondsShown = 'always' | 'never' | 'auto';

/**
 * An instant as the console shows it (§5 DD.MM.YYYY, the user's local time, HH:mm[:ss]); an
 * unparseable value is shown as it came.
 */
export const formatDateTime = (
  at: string,
  { seconds = 'never' }: { seconds?: SecondsShown } = {},
): string => {
  const time = dayjs(at);
  if (!time.isValid()) return at;
  const withSeconds = seconds === 'always' || (seconds === 'auto' && time.second() !== 0);
  return time.format(withSeconds ? 'DD.MM.YYYY HH:mm:ss' : 'DD.MM.YYYY HH:mm');
};

/** Today in the user's time zone, as the server writes a date (YYYY-MM-DD). */
export const today = (): string => dayjs().format('YYYY-MM-DD');
