import type {
  TimelineDetail,
  TimelineGroup,
  TimelineItem,
  TimelineSummary,
  TimelineView,
} from '@fahrplan/contracts';

/** The pages of rows loaded so far, as one timeline. */
export interface LoadedRows {
  detail: TimelineDetail;
  groups: TimelineGroup[];
  items: TimelineItem[];
  /** Per project, when the pages summarise; null when they list items. */
  summaries: ReadonlyMap<number, TimelineSummary> | null;
}

/**
 * The rows of all pages in their order. A project renamed between two pages can come twice (its
 * title moved it past the cursor): it keeps its first row, and its items are not drawn twice.
 */
export function joinPages(pages: readonly TimelineView[]): LoadedRows {
  const seen = new Set<number>();
  const groups: TimelineGroup[] = [];
  const items: TimelineItem[] = [];
  const summaries = new Map<number, TimelineSummary>();
  for (const page of pages) {
    const fresh = new Set(page.groups.filter((g) => !seen.has(g.id)).map((g) => g.id));
    for (const group of page.groups) if (fresh.has(group.id)) groups.push(group);
    for (const item of page.items) if (fresh.has(item.group)) items.push(item);
    for (const summary of page.summaries) if (fresh.has(summary.group)) summaries.set(summary.group, summary);
    for (const id of fresh) seen.add(id);
  }
  const detail = pages[0]?.detail ?? 'items';
  return { detail, groups, items, summaries: detail === 'summary' ? summaries : null };
}
