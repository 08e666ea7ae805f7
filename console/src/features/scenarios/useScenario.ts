import { useCallback } from 'react';
import { useAppSelector } from '../../app/hooks';
import { useAddressParams } from '../common/urlParams';
import { withScenario } from '../session/scenario';
import { selectScenario } from '../session/scenarioSlice';
import { useGetScenarioQuery } from './scenariosApi';

/** The scenario the console shows, or null for the live plan. */
export const useScenario = (): number | null => useAppSelector(selectScenario);

/** The shown scenario's record (its name for the banner and the switcher), while one is shown. */
export const useShownScenario = () => {
  const id = useScenario();
  return { id, ...useGetScenarioQuery(id ?? 0, { skip: id === null }) };
};

/** The history state of "Live plan": tells ScenarioUrlSync that the URL dropped `scenario` on purpose. */
export const livePlanState = { scenario: 'live' } as const;

/** Whether a location's state is that of "Live plan". */
export const isLivePlan = (state: unknown): boolean =>
  typeof state === 'object' && state !== null && (state as { scenario?: unknown }).scenario === 'live';

/**
 * Moves the console into a scenario, or back to the live plan (null): a new history entry, so the
 * browser's Back returns. Only the URL changes here; ScenarioUrlSync brings the slice along.
 */
export const useSetScenario = () => {
  const [, setParams] = useAddressParams();
  return useCallback(
    (id: number | null) =>
      setParams((current) => withScenario(current, id), id === null ? { state: livePlanState } : undefined),
    [setParams],
  );
};
