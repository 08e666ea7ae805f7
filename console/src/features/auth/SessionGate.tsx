import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { Center, Loader } from '@mantine/core';
import { useAppSelector } from '../../app/hooks';
import { useRefreshMutation } from './authApi';
import { selectSessionStatus } from '../session/sessionSlice';

/** On page load the access token is gone (memory only); the refresh cookie survives, so try it first. */
export function SessionGate({ children }: { children: ReactNode }) {
  const status = useAppSelector(selectSessionStatus);
  const [refresh] = useRefreshMutation();

  useEffect(() => {
    if (status === 'unknown') void refresh();
  }, [status, refresh]);

  if (status === 'unknown') {
    return (
      <Center h="100vh">
        <Loader aria-label="loading session" />
      </Center>
    );
  }
  return children;
}
