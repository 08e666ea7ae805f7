import { useEffect, useRef, useState } from 'react';
import { Center, Loader, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { announce } from '../common/LiveAnnouncer';
import { readinessText } from './readiness';
import { readinessApi, useReadinessQuery } from './readinessApi';
import { selectCatchingUpAnswers } from '../session/readinessSlice';

/**
 * The console's pages once the server's read models have caught up with the log (issue 17: the server
 * listens at once and answers queries 503 until then); meanwhile a screen with the progress, asking
 * `/api/ready` every second. A query refused for catching up later (a restart) brings the screen back.
 */
export function ReadinessGate() {
  const { t } = useTranslation('readiness');
  const catchingUpAnswers = useAppSelector(selectCatchingUpAnswers);
  // polling follows the last answer: every second until ready, then no more
  const last = readinessApi.endpoints.readiness.useQueryState();
  const pollingInterval = last.data?.status === 'ready' && !last.isError ? 0 : 1000;
  const { data, isLoading, isError, refetch } = useReadinessQuery(undefined, { pollingInterval });

  useEffect(() => {
    if (catchingUpAnswers > 0) void refetch();
  }, [catchingUpAnswers, refetch]);

  // once ready, a reset of the API's cache (a move in time, a tenant switch) asks again without
  // taking the pages away meanwhile: they would mount anew and lose their focus and announcements
  const [seenReady, setSeenReady] = useState(false);
  const readyNow = data !== undefined && !isError && data.status === 'ready';
  if (data !== undefined && readyNow !== seenReady) setSeenReady(readyNow);

  const text = isLoading ? undefined : readinessText(isError ? undefined : data, t);
  useReadinessAnnouncement(text, t('gate.ready'));

  if (isLoading && seenReady) return <Outlet />;
  if (isLoading)
    return (
      <Center h="100vh">
        <Loader aria-label={t('gate.asking')} />
      </Center>
    );
  if (!text) return <Outlet />;
  return (
    <Center h="100vh" p="md">
      <Paper withBorder p="xl" radius="md" w={480} maw="100%">
        <Stack gap="md">
          <Title order={2}>{text.title}</Title>
          {text.percent === null ? (
            <Loader aria-label={t('gate.waiting')} />
          ) : (
            <Progress value={text.percent} size="lg" animated aria-label={t('gate.progress')} />
          )}
          <Text c="dimmed" size="sm">
            {text.detail}
          </Text>
        </Stack>
      </Paper>
    </Center>
  );
}

/**
 * Says the waiting or catching-up state once as it begins (not each second's percentage), and that the
 * console is ready once it was not: the live region, not the changing title, so it is said once.
 */
function useReadinessAnnouncement(text: ReturnType<typeof readinessText> | undefined, ready: string) {
  const phase =
    text === undefined ? null : text === null ? 'ready' : text.percent === null ? 'waiting' : 'catchingUp';
  const last = useRef<typeof phase>(null);
  useEffect(() => {
    if (phase === null || phase === last.current) return;
    if (phase !== 'ready') announce(text!.title);
    else if (last.current !== null) announce(ready);
    last.current = phase;
  });
}
