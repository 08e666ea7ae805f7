import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { Box, Button, Group, Popover, Stack, Text, Tooltip } from '@mantine/core';
import type { ButtonProps } from '@mantine/core';
import { InlineDateTimePicker } from '@mantine/dates';
import { IconClockHour4, IconHistory, IconPlayerTrackNext } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { selectMe } from '../session/selectMe';
import { notifyError } from '../common/notify';
import { ViewBanner } from '../common/ViewBanner';
import { asOfParam, canViewHistory, formatAsOf, withAsOf } from '../session/asOf';
import { asOfChanged, selectAsOf } from '../session/asOfSlice';
import { selectScenario } from '../session/scenarioSlice';
import { appliedAsOf, asOfQuickPicks, asOfSync, asOfToPicker, pickerToAsOf } from './asOfControl';
import { isBackToNow, useAsOf, useEditorsBusy, useSetAsOf } from './useAsOf';
import { urlSyncComponent } from './useUrlSync';
import type { TFunction } from 'i18next';
import type { UrlSyncChoice, UrlSyncLocation } from './useUrlSync';

/** Whether the user may look at the past and at histories: `history` VIEW (kept while viewing the past). */
export const useCanViewPast = (): boolean => canViewHistory(useAppSelector(selectMe));

/** Marks the header's As of button, which gets the focus back after "Back to now" (Popover.Target owns its id). */
const headerControlAttribute = 'data-as-of-control';

/**
 * Keeps the URL's `asOf` and the slice in step. The URL wins when it names an instant (a bookmark, Back
 * and Forward); an in-app navigation that drops it (a link or `navigate('/projects')`) gets it back, so
 * moving between pages stays in the past; only "Back to now" (its history state) drops it for good.
 * Whenever the instant changes the api cache is reset, so live and past answers never mix. Render it
 * once, outside what is keyed by the instant.
 */
export const AsOfUrlSync = urlSyncComponent(selectAsOf, 'as-of', followAsOfUrl);

function followAsOfUrl(
  { params, first, pop, state, me, replaceSearch }: UrlSyncLocation,
  { value: at, dispatch }: UrlSyncChoice<string | null>,
  t: TFunction<'as-of'>,
) {
  const sync = asOfSync({
    search: params,
    at,
    first,
    pop,
    backToNow: isBackToNow(state),
    permitted: canViewHistory(me),
  });
  if (sync.kind === 'follow') dispatch(asOfChanged(sync.at));
  else if (sync.kind === 'restore') replaceSearch(withAsOf(params, sync.at));
  else if (sync.kind === 'drop') {
    notifyError(sync.reason === 'malformed' ? t('malformed', { param: asOfParam }) : t('notPermitted'));
    if (at !== null) dispatch(asOfChanged(null));
    replaceSearch(withAsOf(params, null));
  }
}

/** A button that opens the date-and-time picker with quick picks; Escape or Cancel leave things as they are. */
export function AsOfPicker({
  label,
  header = false,
  ...buttonProps
}: { label: ReactNode; header?: boolean } & ButtonProps) {
  const asOf = useAsOf();
  const setAsOf = useSetAsOf();
  const editorsBusy = useEditorsBusy();
  const inScenario = useAppSelector(selectScenario) !== null;
  const busy = editorsBusy || inScenario;
  const { t } = useTranslation('as-of');
  // why the As of control waits while an editor is busy, or stays off inside a scenario
  const editorsBusyReason = inScenario ? t('inScenario') : t('editorsBusy');
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
    const at = appliedAsOf(draft, asOf);
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
      <Tooltip label={editorsBusyReason} disabled={!busy}>
        {/* a disabled button gets no pointer events: the wrapper shows the tooltip */}
        <Box component="span" display="inline-block">
          <Popover.Target>
            <Button
              {...buttonProps}
              {...(header ? { [headerControlAttribute]: true } : {})}
              disabled={busy}
              onClick={() => (opened ? setOpened(false) : open())}
              aria-haspopup="dialog"
              aria-expanded={opened}
              aria-description={busy ? editorsBusyReason : undefined}
            >
              {label}
            </Button>
          </Popover.Target>
        </Box>
      </Tooltip>
      <Popover.Dropdown role="dialog" aria-label={t('picker.label')}>
        <Stack gap="xs">
          <Text size="sm" fw={600}>
            {t('picker.heading')}
          </Text>
          <InlineDateTimePicker
            fullWidth={false}
            value={draft}
            onChange={setDraft}
            withSeconds
            timePickerProps={{
              hoursInputLabel: t('picker.hours'),
              minutesInputLabel: t('picker.minutes'),
              secondsInputLabel: t('picker.seconds'),
            }}
            maxDate={now}
            presets={asOfQuickPicks(now, t)}
            valueFormat="DD.MM.YYYY HH:mm:ss"
            onSubmit={apply}
            submitButtonProps={{ 'aria-label': t('picker.submit') }}
          />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" size="xs" onClick={() => setOpened(false)}>
              {t('picker.cancel')}
            </Button>
            <Button size="xs" onClick={apply} disabled={pickerToAsOf(draft) === null}>
              {t('picker.apply')}
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
  const { t } = useTranslation('as-of');
  if (!canViewPast) return null;
  return (
    <AsOfPicker
      header
      label={asOf ? t('header.asOf', { asOf: formatAsOf(asOf) }) : t('header.pick')}
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
  const banner = useRef<HTMLDivElement>(null);
  const shown = useRef(asOf);
  const [announcement, setAnnouncement] = useState('');
  const { t } = useTranslation('as-of');

  // after a move in time: say so politely, and put the focus where the user goes on (the reopened
  // dialog takes it itself; else the banner, or after "Back to now" the header's control)
  useEffect(() => {
    if (shown.current === asOf) return;
    shown.current = asOf;
    setAnnouncement(asOf ? t('banner.announceAsOf', { asOf: formatAsOf(asOf) }) : t('banner.announceNow'));
    const frame = requestAnimationFrame(() => {
      if (document.activeElement?.closest('[role="dialog"]')) return;
      if (document.querySelector('.mantine-Modal-content')) return;
      (asOf ? banner.current : document.querySelector<HTMLElement>(`[${headerControlAttribute}]`))?.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [asOf, t]);

  return (
    <ViewBanner
      shown={asOf !== null}
      announcement={announcement}
      bannerRef={banner}
      label={t('banner.label')}
      color="orange"
      icon={IconClockHour4}
      title={asOf ? t('banner.viewing', { asOf: formatAsOf(asOf) }) : ''}
      text={t('banner.readOnly')}
      testId="as-of-banner"
      exit={{ label: t('backToNow'), icon: IconPlayerTrackNext, onClick: () => setAsOf(null) }}
    >
      <AsOfPicker label={t('banner.changeDate')} variant="default" size="xs" />
    </ViewBanner>
  );
}
