import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SESSION_HINT_COOKIE } from '@fahrplan/contracts';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useRefreshMutation } from './authApi';
import { selectSessionStatus, signedOut } from '../session/sessionSlice';

/** Whether the server left a refresh cookie (httpOnly, so its readable companion says so). */
const maySignInAgain = () => document.cookie.split('; ').some((c) => c.startsWith(`${SESSION_HINT_COOKIE}=`));

/**
 * On page load the access token is gone (memory only); the refresh cookie survives, so try it first,
 * unless there is none: then the refresh would only answer 401 (a failed request in the console).
 */
export function SessionGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation('auth');
  const status = useAppSelector(selectSessionStatus);
  const dispatch = useAppDispatch();
  const [refresh] = useRefreshMutation();

  useEffect(() => {
    if (status !== 'unknown') return;
    if (maySignInAgain()) void refresh();
    else dispatch(signedOut());
  }, [status, refresh, dispatch]);

  if (status === 'unknown') {
    return (
      <Center h="100vh">
        <Loader aria-label={t('loadingSession')} />
      </Center>
    );
  }
  return children;
}
