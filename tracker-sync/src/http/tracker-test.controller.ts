import { Body, Controller, HttpCode, Inject, Post, UseGuards } from '@nestjs/common';
import {
  can,
  invalidField,
  notFound,
  notPermitted,
  say,
  testTrackerConnectionSchema,
  trackerFeatureOff,
} from '@fahrplan/contracts';
import type { TestTrackerConnectionData, TrackerTestResult } from '@fahrplan/contracts';
import { AuthGuard, CurrentPrincipal, DIRECTORY } from '@fahrplan/platform';
import type { Principal, DirectoryCache } from '@fahrplan/platform';
import type { TrackerSync } from '../sync/tracker-sync';

export const TRACKER_SYNC = Symbol('TrackerSync');
/** Runs a connection test: the tracker client's `test()` for these settings and secret. */
export const TRACKER_TESTER = Symbol('TrackerTester');
export type TrackerTester = (
  settings: Omit<TestTrackerConnectionData, 'id' | 'secret' | 'name'>,
  secret: string,
) => Promise<TrackerTestResult>;

/**
 * POST /api/tracker/test: tries connection settings against the tracker, so an administrator learns
 * precisely what fails before (or after) saving. Served by tracker-sync, the only part of Fahrplan
 * that talks to the tracker.
 */
@Controller('api/tracker')
@UseGuards(AuthGuard)
export class TrackerTestController {
  constructor(
    @Inject(DIRECTORY) private readonly directory: DirectoryCache,
    @Inject(TRACKER_SYNC) private readonly sync: TrackerSync,
    @Inject(TRACKER_TESTER) private readonly tester: TrackerTester,
  ) {}

  @Post('test')
  @HttpCode(200)
  async test(@CurrentPrincipal() principal: Principal, @Body() body: unknown): Promise<TrackerTestResult> {
    const user = this.directory.user(principal.tenant, principal.username);
    if (!user || !can(user.permissions, 'admin', 'EDIT')) throw notPermitted();
    if (!(this.directory.tenant(principal.tenant)?.features.jira ?? false)) throw trackerFeatureOff();
    const { id, secret, name: _name, ...settings } = testTrackerConnectionSchema.parse(body);
    let key = secret;
    if (key === undefined) {
      const stored = id === undefined ? undefined : this.sync.connection(principal.tenant, id);
      if (!stored) throw notFound('tracker connection');
      // the stored secret goes only where, and as whom, it was given for
      if (
        stored.baseUrl !== settings.baseUrl ||
        stored.authMode !== settings.authMode ||
        (stored.email ?? null) !== (settings.authMode === 'basic' ? settings.email : null)
      )
        throw invalidField(
          'secret',
          say('required'),
          'a new address, authentication mode or e-mail needs the secret again',
        );
      key = this.sync.openSecret(stored);
    }
    return this.tester(settings, key);
  }
}
