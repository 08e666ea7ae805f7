import { oidcPaths, sessionPaths } from './auth-paths';
import { calendarPaths, calendarPreviewPaths } from './calendar-paths';
import { commandPaths, schedulePreviewPaths } from './command-paths';
import { components } from './components';
import { importPaths } from './import-paths';
import { feedPaths } from './feed-paths';
import { exportPaths } from './export-paths';
import { withAsOf, withScenario } from './operations';
import { platformPaths } from './platform-paths';
import {
  changePaths,
  directoryPaths,
  planPaths,
  portfolioPaths,
  trackerPaths,
  webhookPaths,
} from './query-paths';

/** The whole public API, generated from the command catalogue of contracts/ and the query routes. */
export const openApiDocument = () => ({
  openapi: '3.1.0',
  info: {
    title: 'Fahrplan API',
    version: '1.0.0',
    description: 'Commands append events; queries read projections.',
  },
  components: components(),
  paths: withScenario(
    withAsOf({
      ...platformPaths(),
      ...sessionPaths(),
      ...oidcPaths(),
      ...commandPaths(),
      ...schedulePreviewPaths(),
      ...importPaths(),
      ...directoryPaths(),
      ...portfolioPaths(),
      ...planPaths(),
      ...feedPaths(),
      ...trackerPaths(),
      ...webhookPaths(),
      ...calendarPaths(),
      ...changePaths(),
      ...exportPaths(),
      ...calendarPreviewPaths(),
    }),
  ),
});
