import { useEffect, useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { notifyError } from '../common/notify';
import { useAsOfFailureMessage } from '../as-of/useAsOf';

interface RecordQuery<T> {
  data?: T | undefined;
  error?: unknown;
  isError: boolean;
  fulfilledTimeStamp?: number | undefined;
}

/**
 * The record a details dialog edits, fetched by `useRecordQuery` (the record's RTK Query hook) for this
 * dialog (none for a new record, `id` null): the version fetched for this dialog, not an older cached one;
 * later refetches (after a save) do not replace the form under the user's hands. A failed load shows
 * the failure notice and closes the dialog.
 */
export function useDialogRecord<T extends { id: number }>(
  useRecordQuery: (
    id: number | typeof skipToken,
    options: { refetchOnMountOrArgChange: true },
  ) => RecordQuery<T>,
  id: number | null,
  failureMessage: (error: unknown) => string,
  onClose: () => void,
): T | null {
  const query = useRecordQuery(id ?? skipToken, { refetchOnMountOrArgChange: true });
  const { data, error, isError, fulfilledTimeStamp = 0 } = query;
  const message = useAsOfFailureMessage(failureMessage);
  const [openedAt] = useState(Date.now);
  const [loaded, setLoaded] = useState<T | null>(null);
  if (!loaded && data && data.id === id && fulfilledTimeStamp >= openedAt) setLoaded(data);

  useEffect(() => {
    if (!isError || loaded) return;
    notifyError(message(error));
    onClose();
  }, [isError, loaded, error, onClose, message]);
  return loaded;
}
