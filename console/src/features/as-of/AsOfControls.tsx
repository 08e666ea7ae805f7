import { useLayoutEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { Box, Button, Group, Paper, Popover, Stack, Text } from '@mantine/core';
import type { ButtonProps } from '@mantine/core';
import { InlineDateTimePicker } from '@mantine/dates';
import { IconClockHour4, IconHistory, IconPlayerTrackNext } from '@tabler/icons-react';
import { useLocation, useNavigate, useNavigationType } from 'react-router';
import { can } from '@fahrplan/contracts';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { apiSlice } from '../api/apiSlice';
import { selectStoredMe } from '../auth/sessionSlice';
import { notifyError } from '../common/notify';
import {
  asOfParam,
  asOfQuickPicks,
  asOfSync,
  asOfToPicker,
  formatAsOf,
  pickerToAsOf,
  withAsOf,
} from './asOf';
import { asOfChanged, selectAsOf } from './asOfSlice';
import { isBackToNow, useAsOf, useSetAsOf } from './useAsOf';

/** Whether the user may look at the past: `history` VIEW. */
export const useCanViewPast = (): boolean => {
  const me = useAppSelector(selectStoredMe);
  return me ? can(me.permissions, 'history', 'VIEW') : false;
};

/**
 * Keeps the URL's `asOf` and the slice in step. The URL wins when it names an instant (a bookmark, Back
 * and Forward); an in-app navigation that drops it (a link or `navigate('/projects')`) gets it back, so
 * moving between pages stays in the past; only "Back to now" (its history state) drops it for good.
 * Whenever the instant changes the api cache is reset, so live and past answers never mix. Render it
 * once, outside what is keyed by the instant.
 */
export function AsOfUrlSync() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const at = useAppSelector(selectAsOf);
  const me = useAppSelector(selectStoredMe);
  const mounted = useRef(false);
  const shown = useRef(at);

  useLayoutEffect(() => {
    const first = !mounted.current;
    mounted.current = true;
    if (!me) return;
    const params = new URLSearchParams(location.search);
    const replaceSearch = (next: URLSearchParams) =>
      void navigate(
        { pathname: location.pathname, search: next.toString(), hash: location.hash },
        { replace: true, state: location.state as unknown },
      );
    const sync = asOfSync({
      search: params,
      at,
      first,
      pop: navigationType === 'POP',
      backToNow: isBackToNow(location.state),
      permitted: can(me.permissions, 'history', 'VIEW'),
    });
    if (sync.kind === 'follow') dispatch(asOfChanged(sync.at));
    else if (sync.kind === 'restore') replaceSearch(withAsOf(params, sync.at));
    else if (sync.kind === 'drop') {
      notifyError(
        sync.reason === 'malformed' ? `${asOfParam} is not a date-time: showing now` : 'not permitted',
      );
      if (at !== null) dispatch(asOfChanged(null));
      replaceSearch(withAsOf(params, null));
    }
  }, [location, navigationType, navigate, dispatch, at, me]);

  // after the keyed subtree unmounted and before the new one subscribes (layout effects run first)
  useLayoutEffect(() => {
    if (shown.current === at) return;
    shown.current = at;
    dispatch(apiSlice.util.resetApiState());
  }, [at, dispatch]);

  return null;
}

/** A button that opens the date-and-time picker with quick picks; Escape or Cancel leave things as they are. */
export function AsOfPicker({ label, ...buttonProps }: { label: ReactNode } & ButtonProps) {
  const asOf = useAsOf();
  const setAsOf = useSetAsOf();
  const [opened, setOpened] = useState(false);
  const [draft, setDraft] = useState<string | null>(null);
  const [now, setNow] = useState(() => new Date());
  const open = () => {
    const current = new Date();
    setNow(current);
    setDraft(asOfToPicker(asOf ?? current.toISOString()));
    setOpened(true);
  };
  const apply = () => {
    const at = pickerToAsOf(draft);
    if (!at) return;
    setOpened(false);
    // a future instant is today's data: back to now
    setAsOf(Date.parse(at) >= Date.now() ? null : at);
  };

  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      withArrow
      trapFocus
      returnFocus
      shadow="md"
    >
      <Popover.Target>
        <Button
          {...buttonProps}
          onClick={() => (opened ? setOpened(false) : open())}
          aria-haspopup="dialog"
          aria-expanded={opened}
        >
          {label}
        </Button>
      </Popover.Target>
      <Popover.Dropdown role="dialog" aria-label="view as of a date and time">
        <Stack gap="xs">
          <Text size="sm" fw={600}>
            View everything as it was on
          </Text>
          <InlineDateTimePicker
            fullWidth={false}
            value={draft}
            onChange={setDraft}
            withSeconds
            timePickerProps={{
              hoursInputLabel: 'Hours',
              minutesInputLabel: 'Minutes',
              secondsInputLabel: 'Seconds',
            }}
            maxDate={now}
            presets={asOfQuickPicks(now)}
            valueFormat="DD.MM.YYYY HH:mm:ss"
            onSubmit={apply}
            submitButtonProps={{ 'aria-label': 'view as of this date and time' }}
          />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" size="xs" onClick={() => setOpened(false)}>
              Cancel
            </Button>
            <Button size="xs" onClick={apply} disabled={pickerToAsOf(draft) === null}>
              View as of
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

/** The header's control: "As of…", or the instant shown; only for users who may view history. */
export function AsOfHeaderControl() {
  const asOf = useAsOf();
  const canViewPast = useCanViewPast();
  if (!canViewPast) return null;
  return (
    <AsOfPicker
      label={asOf ? `As of ${formatAsOf(asOf)}` : 'As of…'}
      variant={asOf ? 'filled' : 'default'}
      color={asOf ? 'orange' : undefined}
      size="xs"
      leftSection={<IconHistory size={16} />}
    />
  );
}

/** Under the header while the console shows the past: what the user sees, and the ways out. */
export function AsOfBanner() {
  const asOf = useAsOf();
  const setAsOf = useSetAsOf();
  if (!asOf) return null;
  return (
    <Box
      pos="sticky"
      top="var(--app-shell-header-offset, 56px)"
      style={{ zIndex: 3 }}
      mx="calc(var(--mantine-spacing-md) * -1)"
      mt="calc(var(--mantine-spacing-md) * -1)"
      mb="md"
    >
      <Paper
        role="region"
        aria-label="as of"
        radius={0}
        px="md"
        py={8}
        bg="orange.1"
        style={{ borderBottom: '2px solid var(--mantine-color-orange-6)' }}
        data-testid="as-of-banner"
      >
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Group gap="xs" wrap="nowrap">
            <IconClockHour4 size={20} color="var(--mantine-color-orange-8)" aria-hidden />
            <Text size="sm">
              <Text span fw={700}>
                Viewing as of {formatAsOf(asOf)}
              </Text>{' '}
              — read-only. Records deleted since are shown as they were.
            </Text>
          </Group>
          <Group gap="xs">
            <AsOfPicker label="Change date…" variant="default" size="xs" />
            <Button
              size="xs"
              color="orange"
              leftSection={<IconPlayerTrackNext size={16} />}
              onClick={() => setAsOf(null)}
            >
              Back to now
            </Button>
          </Group>
        </Group>
      </Paper>
    </Box>
  );
}
