import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: {
      '@fahrplan/contracts': fileURLToPath(new URL('../contracts/src/index.ts', import.meta.url)),
    },
    // @mantine/dates and mantine-datatable sit in the root node_modules beside a second @mantine/core;
    // one copy keeps one React context (MantineProvider) for all of them.
    dedupe: ['react', 'react-dom', '@mantine/core', '@mantine/hooks'],
  },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across deployments.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler|react-redux|@reduxjs|immer|reselect|redux)[\\/]/,
            },
            {
              name: 'mantine',
              test: /node_modules[\\/](@mantine|mantine-datatable|@floating-ui|dayjs)[\\/]/,
            },
            // its own chunk, so only the lazily loaded charts fetch it (not the eager vendor chunk)
            { name: 'charts', test: /node_modules[\\/](apexcharts|react-apexcharts)[\\/]/ },
            { name: 'vendor', test: /node_modules/ },
          ],
        },
      },
    },
  },
});
