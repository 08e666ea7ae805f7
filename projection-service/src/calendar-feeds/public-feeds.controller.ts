import { Controller, Get, Inject, Param, Req, Res, UseGuards } from '@nestjs/common';
import type { Request, Response } from 'express';
import { calendarFeedSecretPattern, can, notFound } from '@fahrplan/contracts';
import { DIRECTORY, DirectoryCache, feedSecretHash } from '@fahrplan/platform';
import { CatchUpGuard } from '../http/catch-up.guard';
import { PUBLIC_URL, READ_STORE } from '../http/tokens';
import type { ReadStore, ReadView } from '../read-store/read-store';
import type { CalendarFeedDoc } from './calendar-feeds.projection';
import { feedCalendar, feedEtag } from './feed-calendar';
import { feedEvents, feedWindow } from './feed-events';
import { FeedRateLimit } from './feed-rate-limit';

export const FEED_RATE_LIMIT = Symbol('FeedRateLimit');

/**
 * GET /feeds/<secret>.ics (issue 23): no login, the secret is the credential. An unknown or revoked
 * secret, and a feed whose owner may no longer view items in its tenant, answer 404 alike.
 */
@Controller('feeds')
@UseGuards(CatchUpGuard)
export class PublicFeedsController {
  constructor(
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(DIRECTORY) private readonly directory: DirectoryCache,
    @Inject(FEED_RATE_LIMIT) private readonly limit: FeedRateLimit,
    @Inject(PUBLIC_URL) private readonly publicUrl: string | null,
  ) {}

  @Get(':file')
  async feed(@Param('file') file: string, @Req() request: Request, @Res() response: Response) {
    await this.limit.take(request.ip ?? 'unknown');
    const feed = await this.find(file);
    const events = await feedEvents(this.store, feed.tenant, feed, feedWindow(today()));
    // behind a proxy the request's host may be an internal name: the configured address wins
    const origin = this.publicUrl
      ? new URL(this.publicUrl).origin
      : `${request.protocol}://${request.get('host') ?? 'localhost'}`;
    const etag = feedEtag([feed.name, origin], events);
    response.setHeader('Cache-Control', 'private, max-age=300');
    response.setHeader('ETag', etag);
    if (request.headers['if-none-match']?.split(/\s*,\s*/).includes(etag)) return response.status(304).end();
    const text = feedCalendar(events, { name: feed.name, origin, now: new Date() });
    return response.status(200).type('text/calendar; charset=utf-8').send(text);
  }

  private async find(file: string): Promise<CalendarFeedDoc> {
    const feed = await liveFeedOf(this.store, file);
    const owner = feed && this.directory.user(feed.tenant, feed.owner);
    if (!feed || !owner || owner.disabled || !can(owner.permissions, 'items', 'VIEW'))
      throw notFound('calendar feed');
    return feed;
  }
}

/** The live feed whose secret `file` names (`<secret>.ics`), found by the secret's hash; null for none. */
export const liveFeedOf = async (store: ReadView, file: string): Promise<CalendarFeedDoc | null> => {
  const secret = /^(.*)\.ics$/.exec(file)?.[1];
  if (!secret || !calendarFeedSecretPattern.test(secret)) return null;
  const [feed] = await store.find(
    'calendarFeeds',
    { secretHash: feedSecretHash(secret), deleted: false },
    { limit: 1 },
  );
  return (feed as unknown as CalendarFeedDoc | undefined) ?? null;
};

const today = () => new Date().toISOString().slice(0, 10);
