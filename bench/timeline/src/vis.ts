/** vis-timeline candidates: the same groups (projects with subgroup lanes) and items in DataSets. */
import { DataSet } from 'vis-data/peer';
import { Timeline } from 'vis-timeline/peer';
import type { TimelineOptions } from 'vis-timeline/peer';
import 'vis-timeline/styles/vis-timeline-graph2d.css';
import type { BenchData, Candidate } from './harness';

const toDate = (dateTime: string) => new Date(`${dateTime}:00Z`);

export const visCandidate = (options: TimelineOptions): Candidate => ({
  // a point's dot is a .vis-item too
  itemSelector: '.vis-item:not(.vis-dot)',
  panAreaSelector: '.vis-panel.vis-center',
  mount(root: HTMLElement, data: BenchData) {
    const groups = new DataSet(
      data.groups.map((group) => ({
        id: group.id,
        content: group.content,
        // milestones do not stack (points), the other lanes do
        subgroupStack: { tasks: true, milestones: false, team: true },
        subgroupOrder: (a: { subgroup: string }, b: { subgroup: string }) =>
          laneOrder.indexOf(a.subgroup) - laneOrder.indexOf(b.subgroup),
      })),
    );
    const items = new DataSet(
      data.items.map((item) => ({
        id: item.id,
        group: item.group,
        subgroup: item.subgroup ?? 'tasks',
        content: item.title,
        start: toDate(item.start),
        ...(item.end === null ? { type: 'point' } : { end: toDate(item.end), type: 'range' }),
      })),
    );
    new Timeline(root, items, groups, {
      start: toDate(data.window.from),
      end: toDate(data.window.to),
      // the same gesture for every candidate: drag pans, ctrl+wheel zooms
      zoomKey: 'ctrlKey',
      ...options,
    });
  },
});

const laneOrder = ['tasks', 'milestones', 'team'];

/**
 * The options that bound vis-timeline's work: a fixed-height scrolling body (groups outside it are not
 * redrawn), fixed group heights, no stacking; the axis on top and the first projects in view, as in the
 * other candidates.
 */
export const windowedOptions: TimelineOptions = {
  height: '100vh',
  orientation: 'top',
  verticalScroll: true,
  groupHeightMode: 'fixed',
  stack: false,
  stackSubgroups: false,
};
