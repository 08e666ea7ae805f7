import { ActionIcon, Button, Group, SegmentedControl, Text, Tooltip } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconZoomIn, IconZoomOut } from '@tabler/icons-react';
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
  const span = range.end - range.start;
  const last = range.end - 1;
  return (
    <Group justify="space-between" mb="xs" wrap="wrap" gap="xs">
      <Group gap={6}>
        <ActionIcon
          variant="default"
          aria-label="Earlier"
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
          Today
        </Button>
        <ActionIcon
          variant="default"
          aria-label="Later"
          onClick={() => onRangeChange(panRange(range, 0.5, 1))}
        >
          <IconChevronRight size={16} />
        </ActionIcon>
        <Text size="sm" c="dimmed" data-testid="timeline-window">
          {toServerDate(range.start)} – {toServerDate(last)}
        </Text>
        {summarised !== null && (
          <Tooltip label="Each project shows one bar for its items; zoom in to Month or closer to see and edit them">
            <Text size="sm" c="dimmed" data-testid="timeline-summarised">
              {summarised.toLocaleString('en-US')} items summarised
            </Text>
          </Tooltip>
        )}
      </Group>
      <Group gap={6}>
        <SegmentedControl
          size="xs"
          aria-label="Zoom preset"
          data={zoomPresets.map((p) => ({ value: p, label: p[0]!.toUpperCase() + p.slice(1) }))}
          value={nearestPreset(range)}
          onChange={(preset) => onRangeChange(presetRange(range, preset as ZoomPreset))}
        />
        <ActionIcon
          variant="default"
          aria-label="Zoom out"
          onClick={() => onRangeChange(zoomRange(range, 1.5))}
        >
          <IconZoomOut size={16} />
        </ActionIcon>
        <ActionIcon
          variant="default"
          aria-label="Zoom in"
          onClick={() => onRangeChange(zoomRange(range, 1 / 1.5))}
        >
          <IconZoomIn size={16} />
        </ActionIcon>
      </Group>
    </Group>
  );
}
