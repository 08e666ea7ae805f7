import { useAppSelector } from '../../app/hooks';
import { urlChoice } from '../common/urlChoice';
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

const scenarioChoice = urlChoice<number>('scenario', 'live', withScenario);

/** Whether a location's state is that of "Live plan", which dropped `scenario` from the URL on purpose. */
export const isLivePlan = scenarioChoice.isLeft;

/** Moves the console into a scenario, or back to the live plan (null); ScenarioUrlSync brings the slice along. */
export const useSetScenario = scenarioChoice.useSet;
