import { useEffect, useState } from 'react';
import { Center, Loader, Modal } from '@mantine/core';
import { skipToken } from '@reduxjs/toolkit/query/react';
import type { ApplicationView } from '@fahrplan/contracts';
import { useAppSelector } from '../../../app/hooks';
import { describeError, httpStatusOf } from '../../api/problem';
import { selectMe } from '../../auth/sessionSlice';
import { notifyError } from '../../common/notify';
import { useGetApplicationQuery } from '../applicationsApi';
import { ApplicationEditor } from './ApplicationEditor';

interface Props {
  /** An existing application's id, or null for a new application. */
  applicationId: number | null;
  parent?: number | null;
  onClose: () => void;
}

/** §8: what a failed load tells the user. */
export const loadFailureMessage = (error: unknown) => {
  const status = httpStatusOf(error);
  if (status === 404) return 'application not found';
  if (status === 403) return 'not permitted';
  return describeError(error);
};

/** The application details dialog (§2): loads the application, then hands it to the editor. */
export function ApplicationDialog({ applicationId, parent = null, onClose }: Props) {
  const me = useAppSelector(selectMe);
  const {
    data,
    error,
    isError,
    fulfilledTimeStamp = 0,
  } = useGetApplicationQuery(applicationId ?? skipToken, {
    refetchOnMountOrArgChange: true,
  });
  // Edit the version fetched for this dialog, not an older cached one; later refetches (after a save)
  // must not replace the form under the user's hands.
  const [openedAt] = useState(Date.now);
  const [loaded, setLoaded] = useState<ApplicationView | null>(null);
  if (!loaded && data && data.id === applicationId && fulfilledTimeStamp >= openedAt) setLoaded(data);

  useEffect(() => {
    if (!isError || loaded) return;
    notifyError(loadFailureMessage(error));
    onClose();
  }, [isError, loaded, error, onClose]);

  if (!me) return null;
  if (applicationId !== null && !loaded) {
    return (
      <Modal opened onClose={onClose} title="show application">
        <Center h={120}>
          <Loader aria-label="loading application" />
        </Center>
      </Modal>
    );
  }
  return <ApplicationEditor app={loaded} parent={parent} me={me} onClose={onClose} />;
}
