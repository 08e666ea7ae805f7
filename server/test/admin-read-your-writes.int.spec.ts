import { adminApi } from './support/admin-api';
import { uniqueName } from '../src/testing/platform';
import { platformForSuite } from './support/platform-suite';

const platform = platformForSuite();

const { run, read } = adminApi(() => platform);

/**
 * The console sends the position of its latest command with every query (X-Fahrplan-After). The
 * administration queries wait for the directory, which folds only tenant and user events: a position of
 * a project command must not keep them waiting for an identity event that may never come.
 */
describe('administration queries after a command of another stream', () => {
  it.each(['/api/admin/users', '/api/admin/roles', '/api/admin/tenant', '/api/admin/invitations'])(
    '%s answers at once after a project command',
    async (path) => {
      const { position } = await run('SaveGroup', { title: uniqueName('Not an identity event') });
      const started = Date.now();
      const reply = await read(path, position);
      expect(reply.status).toBe(200);
      // before the fix this never answered (until the next tenant or user event)
      expect(Date.now() - started).toBeLessThan(2_000);
    },
    10_000,
  );
});
