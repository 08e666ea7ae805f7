import { fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import { getI18n } from 'react-i18next';
import type { BaseQueryApi, BaseQueryFn, FetchArgs, FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import { signedIn, signedOut } from '../session/sessionSlice';
import type { LoginResult, SessionState } from '../session/sessionSlice';
import { CATCHING_UP_PROBLEM } from '@fahrplan/contracts';
import { positionSeen } from './positionSlice';
import { catchingUpAnswered } from '../session/readinessSlice';
import { problemOf } from '../common/problem';
import { asOfRequest, readOnlyMessage } from '../session/asOf';
import type { ApiArgs } from '../session/asOf';
import { scenarioRequest } from '../session/scenario';

interface StateWithSession {
  session: SessionState;
  position: { after: number };
  asOf: { at: string | null };
  scenario: { id: number | null };
}

const rawBaseQuery = fetchBaseQuery({
  baseUrl: '/api',
  credentials: 'same-origin',
  prepareHeaders: (headers, { getState }) => {
    const { session, position } = getState() as StateWithSession;
    if (session.accessToken && !headers.has('Authorization')) {
      headers.set('Authorization', `Bearer ${session.accessToken}`);
    }
    if (position.after > 0) headers.set('X-Fahrplan-After', String(position.after));
    return headers;
  },
});

type ExtraOptions = Parameters<typeof rawBaseQuery>[2];

let refreshing: Promise<LoginResult | null> | null = null;

/**
 * One refresh at a time: the refresh token rotates, so two parallel refreshes (several queries
 * answering 401 at once, or React's strict-mode double effect) would look like token reuse.
 */
export const refreshSession = (
  api: BaseQueryApi,
  extraOptions: ExtraOptions = {},
): Promise<LoginResult | null> => {
  refreshing ??= (async () => {
    const result = await rawBaseQuery({ url: '/auth/refresh', method: 'POST' }, api, extraOptions);
    if (result.data) {
      const session = result.data as LoginResult;
      api.dispatch(signedIn(session));
      return session;
    }
    api.dispatch(signedOut());
    return null;
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
};

const urlOf = (args: string | FetchArgs) => (typeof args === 'string' ? args : args.url);

/** The unauthenticated auth calls: a 401 there is the answer itself, not an expired access token. */
const noRefreshUrls: ReadonlySet<string> = new Set(['/auth/login', '/auth/refresh', '/auth/logout']);

const commandPosition = (url: string, data: unknown): number | null => {
  if (!url.startsWith('/commands/') || typeof data !== 'object' || data === null) return null;
  const position = (data as { position?: unknown }).position;
  return typeof position === 'number' ? position : null;
};

/**
 * Adds the bearer token and X-Fahrplan-After, refreshes once on 401, notes command positions and the
 * queries refused while the server catches up. While the console shows the past, queries carry
 * `?asOf=` (unless asked `live`) and commands are refused; while it shows a scenario, queries carry
 * `?scenario=` (unless asked `live`) and planning commands the header `X-Fahrplan-Scenario`.
 */
export const baseQuery: BaseQueryFn<ApiArgs, unknown, FetchBaseQueryError> = async (
  apiArgs,
  api,
  extraOptions,
) => {
  const state = api.getState() as StateWithSession;
  const asOf = state.asOf.at;
  const { args, refuse } = asOfRequest(scenarioRequest(apiArgs, state.scenario.id), asOf);
  // no component asks: the language shown is that of the instance react-i18next renders with
  if (refuse && asOf !== null)
    return { error: { status: 'CUSTOM_ERROR', error: readOnlyMessage(asOf, getI18n().t) } };
  const url = urlOf(args);
  let result = await rawBaseQuery(args, api, extraOptions);
  if (result.error?.status === 401 && !noRefreshUrls.has(url)) {
    const session = await refreshSession(api, extraOptions);
    if (session) result = await rawBaseQuery(args, api, extraOptions);
  }
  const position = commandPosition(url, result.data);
  if (position !== null) api.dispatch(positionSeen(position));
  // the server restarted and catches up: the readiness gate shows how far instead of this error
  if (result.error?.status === 503 && problemOf(result.error)?.type === CATCHING_UP_PROBLEM)
    api.dispatch(catchingUpAnswered());
  return result;
};
