/** The page size the client asks for; the tracker may answer with fewer. */
export const defaultPageSize = 50;

/** A page of the core and agile families: startAt/maxResults, ending on isLast, total or an empty page. */
export interface OffsetPage<T> {
  readonly values: readonly T[];
  readonly startAt?: number;
  readonly total?: number;
  readonly isLast?: boolean;
}

/** A service-desk page: start/limit, ending on isLastPage. */
export interface StartLimitPage<T> {
  readonly values: readonly T[];
  readonly start?: number;
  readonly isLastPage?: boolean;
}

/** A page of the cloud issue search: nextPageToken, no total. */
export interface TokenPage<T> {
  readonly values: readonly T[];
  readonly nextPageToken?: string | null;
  readonly isLast?: boolean;
}

/**
 * Items page by page as the caller iterates, from offset 0: `next` names the offset after a non-empty
 * page, or undefined after the last; an empty page ends it too.
 */
async function* offsetLoop<T, P extends { readonly values: readonly T[] }>(
  fetchPage: (offset: number) => Promise<P>,
  next: (page: P, offset: number) => number | undefined,
): AsyncGenerator<T> {
  for (let offset: number | undefined = 0; offset !== undefined;) {
    const page = await fetchPage(offset);
    yield* page.values;
    offset = page.values.length === 0 ? undefined : next(page, offset);
  }
}

/**
 * The core and agile families. The next offset counts what arrived rather than what was asked for,
 * since the tracker may cap maxResults below the requested size.
 */
export const offsetPaged = <T>(fetchPage: (startAt: number) => Promise<OffsetPage<T>>): AsyncGenerator<T> =>
  offsetLoop(fetchPage, (page, startAt) => {
    const next = (page.startAt ?? startAt) + page.values.length;
    if (page.isLast === true) return undefined;
    if (page.isLast === undefined && page.total !== undefined && next >= page.total) return undefined;
    return next;
  });

/** The service desk: the next start likewise counts what arrived. */
export const startLimitPaged = <T>(
  fetchPage: (start: number) => Promise<StartLimitPage<T>>,
): AsyncGenerator<T> =>
  offsetLoop(fetchPage, (page, start) =>
    page.isLastPage !== false ? undefined : (page.start ?? start) + page.values.length,
  );

export async function* tokenPaged<T>(
  fetchPage: (nextPageToken: string | undefined) => Promise<TokenPage<T>>,
): AsyncGenerator<T> {
  const seen = new Set<string>();
  let token: string | undefined;
  for (;;) {
    const page = await fetchPage(token);
    yield* page.values;
    const next = page.nextPageToken ?? undefined;
    // A repeated token would loop for ever; the tracker has then nothing new to give.
    if (page.isLast === true || next === undefined || next === '' || seen.has(next)) return;
    seen.add(next);
    token = next;
  }
}
