import { useCallback, useEffect } from 'react';
import { Center, Loader, Stack, Text } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import { useCan } from '../../auth/permissions';
import { notifyError } from '../../common/notify';
import { useGetApplicationQuery } from '../applicationsApi';
import { ApplicationDialog, loadFailureMessage } from './ApplicationDialog';

/**
 * The full-page route application-details/:id (§2): id or name; a busy indicator while loading, then
 * the dialog. Unknown → 'application not found' and home; closing or saving returns home.
 */
export function ApplicationDetailsPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const canView = useCan('application-details', 'VIEW');
  const idOrName = /^\d+$/.test(id) ? Number(id) : id;
  const { data, error, isError } = useGetApplicationQuery(idOrName, { skip: !canView });
  const goHome = useCallback(() => navigate('/', { replace: true }), [navigate]);

  useEffect(() => {
    if (canView && !isError) return;
    notifyError(canView ? loadFailureMessage(error) : 'not permitted');
    void goHome();
  }, [canView, isError, error, goHome]);

  if (!data) {
    return (
      <Center h="60vh">
        <Stack align="center">
          <Loader aria-label="loading application" />
          <Text c="dimmed">loading application…</Text>
        </Stack>
      </Center>
    );
  }
  return <ApplicationDialog applicationId={data.id} onClose={goHome} />;
}
