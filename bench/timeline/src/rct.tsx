/**
 * Candidate "rct": react-calendar-timeline 0.28. It has no lanes inside a group, so every lane is
 * one of its groups (3 per project), with items stacked in it.
 *
 * Under React 19 it draws no item: its Item reads the legacy context (`contextTypes`), which React 19
 * removed ("this.context.getTimelineContext is not a function"). The shim below hands Item the same
 * function through a modern `contextType` whose default value forwards to the one mounted Timeline;
 * without it (`?shim=0`) the page reproduces the error.
 */
import moment from 'moment';
import { createContext, createRef } from 'react';
import Timeline from 'react-calendar-timeline';
import Item from 'react-calendar-timeline/lib/lib/items/Item';
import 'react-calendar-timeline/lib/Timeline.css';
import { createRoot } from 'react-dom/client';
import { toMillis } from './data';
import { runCandidate } from './harness';

const DAY = 86_400_000;

const timeline = createRef<{ getTimelineContext(): unknown }>();
if (new URLSearchParams(location.search).get('shim') !== '0') {
  const legacy = Item as { contextType?: unknown; contextTypes?: unknown };
  legacy.contextType = createContext({ getTimelineContext: () => timeline.current?.getTimelineContext() });
  delete legacy.contextTypes;
}

runCandidate({
  itemSelector: '.rct-item',
  panAreaSelector: '.rct-scroll',
  mount(root, data) {
    const groups = data.groups.flatMap((group) =>
      group.subgroups.map((lane, index) => ({
        id: `${group.id}:${lane.id}`,
        title: index === 0 ? `${group.content} · ${lane.name}` : lane.name,
      })),
    );
    const items = data.items.map((item) => {
      const start = toMillis(item.start);
      return {
        id: item.id,
        group: `${item.group}:${item.subgroup ?? 'tasks'}`,
        title: item.title,
        start_time: start,
        // no points in this library: a milestone is a one-day item
        end_time: item.end === null ? start + DAY : toMillis(item.end),
      };
    });
    createRoot(root).render(
      <Timeline
        ref={timeline}
        groups={groups}
        items={items}
        defaultTimeStart={moment(toMillis(data.window.from))}
        defaultTimeEnd={moment(toMillis(data.window.to))}
        stackItems
      />,
    );
  },
});
