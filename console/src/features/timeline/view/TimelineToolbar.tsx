import { ActionIcon, Button, Group, SegmentedControl, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconChevronLeft, IconChevronRight, IconZoomIn, IconZoomOut } from '@tabler/icons-react';
import { serverToUiDate } from '@fahrplan/contracts';
import {
  dayMs,
  nearestPreset,
  panRange,
  presetRange,
  toServerDate,
  todayMs,
  zoomPresets,
  zoomRange,
} from '../timeScale';
import type { TimeRange, ZoomPreset } from '../timeScale';
import { formatNumber } from '../../common/numbers';

/**
 * Earlier, Today, Later, the window's dates (and how many items summary bars stand for at a wide zoom),
 * the zoom presets and the zoom buttons.
 */
export function TimelineToolbar({
  range,
  onRangeChange,
  summarised = null,
}: {
  range: TimeRange;
  onRangeChange: (r: TimeRange) => void;
  summarised?: number | null;
}) {
  const { t } = useTranslation('timeline');
  const span = range.end - range.start;
  const last = range.end - 1;
  return (
    <Group justify="space-between" mb="xs" wrap="wrap" gap="xs">
      <Group gap={6}>
        <ActionIcon
          variant="default"
          aria-label={t('toolbar.earlier')}
          onClick={() => onRangeChange(panRange(range, -0.5, 1))}
        >
          <IconChevronLeft size={16} />
        </ActionIcon>
        <Button
          variant="default"
          size="xs"
          onClick={() => {
            const centre = todayMs() + dayMs / 2;
            onRangeChange({ start: centre - span / 2, end: centre + span / 2 });
          }}
        >
          {t('toolbar.today')}
        </Button>
        <ActionIcon
          variant="default"
          aria-label={t('toolbar.later')}
          onClick={() => onRangeChange(panRange(range, 0.5, 1))}
        >
          <IconChevronRight size={16} />
        </ActionIcon>
        <Text size="sm" c="dimmed" data-testid="timeline-window">
          {serverToUiDate(toServerDate(range.start))} – {serverToUiDate(toServerDate(last))}
        </Text>
        {summarised !== null && (
          <Tooltip label={t('toolbar.summarisedHint')}>
            <Text size="sm" c="dimmed" data-testid="timeline-summarised">
              {t('toolbar.summarised', { count: summarised, number: formatNumber(summarised) })}
            </Text>
          </Tooltip>
        )}
      </Group>
      <Group gap={6}>
        <SegmentedControl
          size="xs"
          aria-label={t('toolbar.zoomPreset')}
          data={zoomPresets.map((p) => ({ value: p, label: t(`toolbar.presets.${p}`) }))}
          value={nearestPreset(range)}
          onChange={(preset) => onRangeChange(presetRange(range, preset as ZoomPreset))}
        />
        <ActionIcon
          variant="default"
          aria-label={t('toolbar.zoomOut')}
          onClick={() => onRangeChange(zoomRange(range, 1.5))}
        >
          <IconZoomOut size={16} />
        </ActionIcon>
        <ActionIcon
          variant="default"
          aria-label={t('toolbar.zoomIn')}
          onClick={() => onRangeChange(zoomRange(range, 1 / 1.5))}
        >
          <IconZoomIn size={16} />
        </ActionIcon>
      </Group>
    </Group>
  );
}
