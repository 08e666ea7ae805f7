/**
 * Candidate "fahrplan": the console's own timeline (console/src/features/timeline/view/TimelineView.tsx,
 * dnd-timeline + row virtualisation) on the same data, read-only, as the console mounts it.
 */
import '@mantine/core/styles.css';
import { MantineProvider } from '@mantine/core';
import { Provider } from 'react-redux';
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { makeStore } from '@fahrplan/console/store';
import { TimelineView } from '@fahrplan/console/timeline-view';
import { toMillis } from './data';
import { runCandidate } from './harness';
import type { BenchData } from './harness';

const ignore = () => undefined;
const store = makeStore();

const App = ({ data }: { data: BenchData }) => {
  const [range, setRange] = useState({ start: toMillis(data.window.from), end: toMillis(data.window.to) });
  return (
    // the view's hooks read the console's store (option lists, the dependency commands)
    <Provider store={store}>
      <MantineProvider>
        <TimelineView
          groups={data.groups}
          items={data.items}
          range={range}
          onRangeChange={setRange}
          onItemMove={ignore}
          onItemResize={ignore}
          onCreateAt={ignore}
          onOpenItem={ignore}
          height="calc(100vh - 50px)"
        />
      </MantineProvider>
    </Provider>
  );
};

runCandidate({
  itemSelector: '[data-timeline-item]',
  panAreaSelector: '[data-testid="timeline"]',
  mount(root, data) {
    createRoot(root).render(<App data={data} />);
  },
});
