// Builds the timeline candidate pages (one HTML entry each) for bench/src/timeline.bench.ts.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));
/** Every *.html here is a candidate: adding one is adding a page. */
const pages = Object.fromEntries(
  readdirSync(root)
    .filter((file) => file.endsWith('.html'))
    .map((file) => [file.slice(0, -'.html'.length), `${root}${file}`]),
);

export default defineConfig({
  root,
  base: './',
  logLevel: 'warn',
  resolve: {
    alias: {
      '@fahrplan/contracts': fileURLToPath(new URL('../../contracts/src/index.ts', import.meta.url)),
      // of the test kit the pages need only its seeded generator, which (unlike the rest) runs in a browser
      '@fahrplan/platform/testing': fileURLToPath(
        new URL('../../platform/src/testing/workload/random.ts', import.meta.url),
      ),
      // the "fahrplan" page mounts the console's timeline view (the console is an app, not a built
      // package: its source is the entry), with the console's Mantine, one copy of it
      '@fahrplan/console/timeline-view': fileURLToPath(
        new URL('../../console/src/features/timeline/view/TimelineView.tsx', import.meta.url),
      ),
      '@fahrplan/console/store': fileURLToPath(new URL('../../console/src/app/store.ts', import.meta.url)),
      '@mantine/core': fileURLToPath(new URL('../../console/node_modules/@mantine/core', import.meta.url)),
      '@mantine/hooks': fileURLToPath(new URL('../../console/node_modules/@mantine/hooks', import.meta.url)),
    },
    dedupe: ['react', 'react-dom'],
  },
  oxc: { jsx: { runtime: 'automatic' } },
  build: {
    outDir: fileURLToPath(new URL('../dist-timeline', import.meta.url)),
    emptyOutDir: true,
    // vis-timeline alone is ~500 kB; bundle size is not what this bench measures
    chunkSizeWarningLimit: 2000,
    rolldownOptions: {
      input: pages,
      // Mantine's per-module "use client" and the build's own timing notes are noise here
      onLog(level, log, handler) {
        if (log.code === 'MODULE_LEVEL_DIRECTIVE' || log.code === 'PLUGIN_TIMINGS') return;
        handler(level, log);
      },
    },
  },
});
