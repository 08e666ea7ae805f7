import { useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigate, useNavigationType } from 'react-router';
import { useTranslation } from 'react-i18next';
import { can } from '@fahrplan/contracts';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { apiSlice } from '../api/apiSlice';
import { notifyError } from '../common/notify';
import { urlStateSync } from '../common/urlStateSync';
import { asOfParam } from '../session/asOf';
import { parseScenario, scenarioParam, withScenario } from '../session/scenario';
import { scenarioChanged, selectScenario } from '../session/scenarioSlice';
import { selectStoredMe } from '../session/sessionSlice';
import { isLivePlan } from './useScenario';

/**
 * Keeps the URL's `scenario` and the slice in step, as AsOfUrlSync does for the instant: the URL wins
 * when it names a scenario (a link, Back and Forward); an in-app navigation that drops it gets it back;
 * only "Live plan" drops it for good. A scenario and an as-of instant exclude each other: a URL with
 * both shows the past. Whenever the scenario changes the api cache is reset, so live and scenario
 * answers never mix. Render it once, outside what is keyed by the scenario.
 */
export function ScenarioUrlSync() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const id = useAppSelector(selectScenario);
  const me = useAppSelector(selectStoredMe);
  const mounted = useRef(false);
  const shown = useRef(id);
  const { t } = useTranslation('scenarios');

  useLayoutEffect(() => {
    if (!me) return;
    const first = !mounted.current;
    mounted.current = true;
    const params = new URLSearchParams(location.search);
    const raw = params.get(scenarioParam);
    const asOf = params.get(asOfParam) !== null;
    const sync = urlStateSync({
      raw,
      parsed: parseScenario(raw),
      at: id,
      first,
      pop: navigationType === 'POP',
      cleared: isLivePlan(location.state),
      permitted: can(me.permissions, 'scenarios', 'VIEW') && !asOf,
    });
    const replaceSearch = (next: URLSearchParams) =>
      void navigate(
        { pathname: location.pathname, search: next.toString(), hash: location.hash },
        { replace: true, state: location.state as unknown },
      );
    if (sync.kind === 'follow') dispatch(scenarioChanged(sync.at));
    else if (sync.kind === 'restore' && !asOf) replaceSearch(withScenario(params, sync.at));
    else if (sync.kind === 'restore') dispatch(scenarioChanged(null));
    else if (sync.kind === 'drop') {
      notifyError(
        sync.reason === 'malformed'
          ? t('url.malformed', { param: scenarioParam })
          : asOf
            ? t('url.notWithAsOf')
            : t('url.notPermitted'),
      );
      if (id !== null) dispatch(scenarioChanged(null));
      replaceSearch(withScenario(params, null));
    }
  }, [location, navigationType, navigate, dispatch, id, me, t]);

  // after the keyed subtree unmounted and before the new one subscribes (layout effects run first)
  useLayoutEffect(() => {
    if (shown.current === id) return;
    shown.current = id;
    dispatch(apiSlice.util.resetApiState());
  }, [id, dispatch]);

  return null;
}
