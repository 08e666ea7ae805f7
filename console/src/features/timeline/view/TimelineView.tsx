import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { Box } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PointerSensor, pointerWithin, useSensor, useSensors } from '@dnd-kit/core';
import { TimelineContext } from 'dnd-timeline';
import type { UsePanStrategy } from 'dnd-timeline';
import { clampRange } from '../timeScale';
import type { TimeRange } from '../timeScale';
import { TimelineBody } from './TimelineBody';
import { resizeHandle, sidebarWidth } from './timelineLayout';
import type { TimelineViewProps } from './timelineViewProps';
import { TimelineToolbar } from './TimelineToolbar';

/** How many items the summaries stand for; null when the timeline shows items. */
const summarisedCount = (summaries: TimelineViewProps['summaries']): number | null =>
  summaries ? [...summaries.values()].reduce((sum, s) => sum + s.taskCount + s.milestoneCount, 0) : null;

/** The library's pan strategy is replaced by our own wheel and drag handling (zoom maths tested). */
const noPanStrategy: UsePanStrategy = () => {};

/**
 * The timeline as a pure view: projects as blocks of lane rows, items as ranges and milestones as
 * diamonds, drag to move or resize, Ctrl+wheel to zoom, drag the background or Shift+wheel to pan.
 * Rows are virtualised and only items overlapping the window render.
 */
export function TimelineView(props: TimelineViewProps) {
  const { range, onRangeChange, groups, empty, summaries, failure, footer } = props;
  const { t } = useTranslation('timeline');
  // what the items' keyboard handling does (there is no keyboard drag sensor: these keys replace it)
  const keyboardHelp = t('view.keyboardHelp');
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }));
  const latest = useRef(range);
  const frame = useRef<number | null>(null);
  // while a change waits for its frame, the props still hold the previous window
  useLayoutEffect(() => {
    if (frame.current === null) latest.current = range;
  });
  // wheel and pointer events can come faster than frames: one range change (one render) per frame
  const emitRange = useCallback(
    (next: TimeRange) => {
      latest.current = clampRange(next);
      frame.current ??= requestAnimationFrame(() => {
        frame.current = null;
        onRangeChange(latest.current);
      });
    },
    [onRangeChange],
  );
  useEffect(
    () => () => {
      if (frame.current !== null) cancelAnimationFrame(frame.current);
    },
    [],
  );
  const onRangeChanged = useCallback(
    (update: (prev: TimeRange) => TimeRange) => emitRange(update(latest.current)),
    [emitRange],
  );

  return (
    <Box>
      <TimelineToolbar range={range} onRangeChange={emitRange} summarised={summarisedCount(summaries)} />
      {failure ? (
        failure
      ) : groups.length === 0 && empty ? (
        empty
      ) : (
        <TimelineContext
          range={range}
          onRangeChanged={onRangeChanged}
          onResizeEnd={() => {}}
          sidebarWidth={sidebarWidth}
          usePanStrategy={noPanStrategy}
          resizeHandleWidth={resizeHandle}
          sensors={sensors}
          collisionDetection={pointerWithin}
          accessibility={{ screenReaderInstructions: { draggable: keyboardHelp } }}
        >
          <TimelineBody {...props} emitRange={emitRange} latest={latest} />
        </TimelineContext>
      )}
      {!failure && footer}
    </Box>
  );
}
