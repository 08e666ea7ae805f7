import { describe, expect, it } from '@jest/globals';
import { summaryPrintout, timelineFileName, timelinePrintout } from './printoutRequests';
import type { TimelineShown } from './printoutRequests';

const shown = (overrides: Partial<TimelineShown> = {}): TimelineShown => ({
  from: '2031-03-01',
  to: '2031-04-01',
  detail: 'items',
  filters: { project: [], status: [], resource: [], application: [] },
  baseline: null,
  language: 'de-CH',
  ...overrides,
});

describe('timelinePrintout', () => {
  it("asks for exactly the timeline's window, detail and language, on the paper chosen", () => {
    expect(timelinePrintout(shown(), 'pdf-a4')).toEqual({
      path: '/exports/timeline.pdf',
      params: { from: '2031-03-01', to: '2031-04-01', detail: 'items', lang: 'de-CH', paper: 'a4' },
    });
    expect(timelinePrintout(shown(), 'pdf-a3').params.paper).toBe('a3');
    expect(timelinePrintout(shown(), 'png')).toEqual({
      path: '/exports/timeline.png',
      params: { from: '2031-03-01', to: '2031-04-01', detail: 'items', lang: 'de-CH' },
    });
  });

  it("passes the URL's filters under the query's names (projects as group), and leaves empty ones out", () => {
    const filtered = shown({
      filters: { project: ['4', '7'], status: ['0'], resource: [], application: ['9'] },
    });

    expect(timelinePrintout(filtered, 'pdf-a4').params).toMatchObject({
      group: '4,7',
      status: '0',
      application: '9',
    });
    expect(timelinePrintout(filtered, 'pdf-a4').params).not.toHaveProperty('resource');
  });

  it('overlays the baseline shown, never on summaries (a wide zoom shows none)', () => {
    expect(timelinePrintout(shown({ baseline: 12 }), 'pdf-a4').params.baseline).toBe('12');
    expect(timelinePrintout(shown({ baseline: 12, detail: 'summary' }), 'pdf-a4').params).not.toHaveProperty(
      'baseline',
    );
  });
});

describe('file names', () => {
  it('name the window and the paper', () => {
    expect(timelineFileName(shown(), 'pdf-a3')).toBe('timeline-2031-03-01-2031-04-01-a3.pdf');
    expect(timelineFileName(shown(), 'png')).toBe('timeline-2031-03-01-2031-04-01.png');
    expect(summaryPrintout(5, 'fr-CH')).toEqual({
      path: '/exports/projects/5/summary.pdf',
      params: { lang: 'fr-CH' },
    });
  });
});
