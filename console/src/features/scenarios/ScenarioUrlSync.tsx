import { can } from '@fahrplan/contracts';
import { urlSyncComponent } from '../as-of/useUrlSync';
import type { TFunction } from 'i18next';
import type { UrlSyncChoice, UrlSyncLocation } from '../as-of/useUrlSync';
import { notifyError } from '../common/notify';
import { urlStateSync } from '../common/urlStateSync';
import { asOfParam } from '../session/asOf';
import { parseScenario, scenarioParam, withScenario } from '../session/scenario';
import { scenarioChanged, selectScenario } from '../session/scenarioSlice';
import { isLivePlan } from './useScenario';

/**
 * Keeps the URL's `scenario` and the slice in step, as AsOfUrlSync does for the instant: the URL wins
 * when it names a scenario (a link, Back and Forward); an in-app navigation that drops it gets it back;
 * only "Live plan" drops it for good. A scenario and an as-of instant exclude each other: a URL with
 * both shows the past. Whenever the scenario changes the api cache is reset, so live and scenario
 * answers never mix. Render it once, outside what is keyed by the scenario.
 */
export const ScenarioUrlSync = urlSyncComponent(selectScenario, 'scenarios', followScenarioUrl);

function followScenarioUrl(
  { params, first, pop, state, me, replaceSearch }: UrlSyncLocation,
  { value: id, dispatch }: UrlSyncChoice<number | null>,
  t: TFunction<'scenarios'>,
) {
  const raw = params.get(scenarioParam);
  const asOf = params.get(asOfParam) !== null;
  const sync = urlStateSync({
    raw,
    parsed: parseScenario(raw),
    at: id,
    first,
    pop,
    cleared: isLivePlan(state),
    permitted: can(me.permissions, 'scenarios', 'VIEW') && !asOf,
  });
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
}
