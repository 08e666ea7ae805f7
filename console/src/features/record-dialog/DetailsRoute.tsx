import { useCallback, useEffect } from 'react';
import type { ReactNode } from 'react';
import { Center, Loader, Stack, Text } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PermissionResource } from '@fahrplan/contracts';
import { useCan } from '../auth/permissions';
import { notifyError } from '../common/notify';
import { useAsOfFailureMessage } from '../as-of/useAsOf';

interface Props<T> {
  /** VIEW on it opens the route. */
  resource: PermissionResource;
  /** What is loading. */
  what: 'application' | 'project' | 'item';
  /** The record's query hook (by numeric id or by name). */
  useRecord: (
    idOrName: number | string,
    options: { skip: boolean },
  ) => { data?: T | undefined; error?: unknown; isError: boolean };
  failureMessage: (error: unknown) => string;
  /** The dialog for the record; `goHome` closes it. */
  render: (record: T, goHome: () => void) => ReactNode;
}

/**
 * The full-page details routes (§2): id or name; a busy indicator while loading, then the dialog.
 * Unknown → the failure notice and home; closing or saving returns home.
 */
export function DetailsRoute<T>({ resource, what, useRecord, failureMessage, render }: Props<T>) {
  const { t } = useTranslation('record-dialog');
  const loading = {
    application: t('loading.application'),
    project: t('loading.project'),
    item: t('loading.item'),
  };
  const loadingText = {
    application: t('loadingText.application'),
    project: t('loadingText.project'),
    item: t('loadingText.item'),
  };
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const canView = useCan(resource, 'VIEW');
  const idOrName = /^\d+$/.test(id) ? Number(id) : id;
  const { data, error, isError } = useRecord(idOrName, { skip: !canView });
  const message = useAsOfFailureMessage(failureMessage);
  const goHome = useCallback(() => void navigate('/', { replace: true }), [navigate]);

  useEffect(() => {
    if (canView && !isError) return;
    notifyError(canView ? message(error) : t('notPermitted'));
    goHome();
  }, [canView, isError, error, goHome, message, t]);

  if (!data) {
    return (
      <Center h="60vh">
        <Stack align="center">
          <Loader aria-label={loading[what]} />
          <Text c="dimmed">{loadingText[what]}</Text>
        </Stack>
      </Center>
    );
  }
  return render(data, goHome);
}
