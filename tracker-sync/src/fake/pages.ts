import type { FakeState } from './fake-state';
import { intParam } from './route';
import type { Call } from './route';

/** Plain `{startAt, maxResults, total, isLast, values}` of the platform and agile APIs. */
export function startAtPage<T>(fake: FakeState, call: Call, items: T[]) {
  const startAt = intParam(call.query, 'startAt') ?? 0;
  const maxResults = fake.pageSize(intParam(call.query, 'maxResults'));
  const values = items.slice(startAt, startAt + maxResults);
  const isLast = startAt + values.length >= items.length;
  return { startAt, maxResults, total: items.length, isLast, values };
}

/** The platform's PageBean: a start-at page with its own and the next page's address. */
export function pageBean<T>(fake: FakeState, call: Call, items: T[]): Record<string, unknown> {
  const page = startAtPage(fake, call, items);
  const self = new URL(`${call.base}${call.path}`);
  call.query.forEach((v, k) => self.searchParams.append(k, v));
  const next = new URL(self);
  next.searchParams.set('startAt', String(page.startAt + page.maxResults));
  next.searchParams.set('maxResults', String(page.maxResults));
  return { self: self.toString(), ...(page.isLast ? {} : { nextPage: next.toString() }), ...page };
}

/** The service desk's start/limit page with its links. */
export function deskPage<T>(fake: FakeState, call: Call, items: T[]): Record<string, unknown> {
  const start = intParam(call.query, 'start') ?? 0;
  const limit = fake.pageSize(intParam(call.query, 'limit'));
  const values = items.slice(start, start + limit);
  const isLastPage = start + values.length >= items.length;
  const link = (s: number) => `${call.base}${call.path}?start=${s}&limit=${limit}`;
  return {
    _expands: [],
    size: values.length,
    start,
    limit,
    isLastPage,
    _links: {
      self: link(start),
      base: `${call.base}/rest/servicedeskapi`,
      context: '',
      ...(isLastPage ? {} : { next: link(start + limit) }),
      ...(start > 0 ? { prev: link(Math.max(0, start - limit)) } : {}),
    },
    values,
  };
}
