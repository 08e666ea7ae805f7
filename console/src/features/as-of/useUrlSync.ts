import { useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigate, useNavigationType } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { MeView } from '@fahrplan/contracts';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { apiSlice } from '../api/apiSlice';
import { selectStoredMe } from '../session/sessionSlice';

/** The store's state, as the typed hooks know it (features import only app/hooks.ts). */
type AppState = Parameters<Parameters<typeof useAppSelector>[0]>[0];

/** What a URL-mirrored choice's step sees of a location change. */
export interface UrlSyncLocation {
  readonly params: URLSearchParams;
  /** The first location the signed-in layout sees (a sign-in page before it does not count). */
  readonly first: boolean;
  /** Back or Forward. */
  readonly pop: boolean;
  /** The history state the navigation carried (the way out marks it). */
  readonly state: unknown;
  readonly me: MeView;
  /** Puts `next` in place of the location's search, keeping its path, hash and state. */
  readonly replaceSearch: (next: URLSearchParams) => void;
}

/** What the step knows of the choice: the slice's value, and the means to change it. */
export interface UrlSyncChoice<T> {
  readonly value: T;
  readonly dispatch: ReturnType<typeof useAppDispatch>;
}

/**
 * The shared half of a console-wide choice mirrored in the URL (the as-of instant, the scenario): on
 * every location change of a signed-in user, and whenever the choice changes, it hands the location to
 * `step` (which compares it with the slice, `select`, and follows, restores or drops); whenever the choice
 * changes it resets the api cache, so answers of two choices never mix. The step says why it drops in
 * the messages of `namespace` (its `t`).
 */
export function useUrlSync<T>(
  select: (state: AppState) => T,
  namespace: string,
  step: (location: UrlSyncLocation, choice: UrlSyncChoice<T>, t: TFunction) => void,
): void {
  const location = useLocation();
  const navigationType = useNavigationType();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const value = useAppSelector(select);
  const { t } = useTranslation(namespace);
  const me = useAppSelector(selectStoredMe);
  const mounted = useRef(false);
  const shown = useRef(value);

  useLayoutEffect(() => {
    if (!me) return;
    const first = !mounted.current;
    mounted.current = true;
    step(
      {
        params: new URLSearchParams(location.search),
        first,
        pop: navigationType === 'POP',
        state: location.state as unknown,
        me,
        replaceSearch: (next) =>
          void navigate(
            { pathname: location.pathname, search: next.toString(), hash: location.hash },
            { replace: true, state: location.state as unknown },
          ),
      },
      { value, dispatch },
      t,
    );
  }, [location, navigationType, navigate, me, step, value, dispatch, t]);

  // after the keyed subtree unmounted and before the new one subscribes (layout effects run first)
  useLayoutEffect(() => {
    if (shown.current === value) return;
    shown.current = value;
    dispatch(apiSlice.util.resetApiState());
  }, [value, dispatch]);
}

/**
 * The component that keeps one choice and the URL in step with useUrlSync, rendering nothing: render it
 * once, outside what is keyed by the choice.
 */
export const urlSyncComponent = <T>(...choice: Parameters<typeof useUrlSync<T>>) =>
  function UrlSync() {
    useUrlSync(...choice);
    return null;
  };
