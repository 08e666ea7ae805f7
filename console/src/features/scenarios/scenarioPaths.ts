import { withScenario } from '../session/scenario';

/** The Scenarios page (issue 22). */
export const scenariosPath = '/scenarios';

/** The Compare page shows the live plan and up to this many scenarios side by side. */
export const maxCompared = 3;

/** The Compare page of `ids` (the first `maxCompared`); a link keeps the comparison. */
export const comparePath = (ids: readonly number[]): string =>
  `${scenariosPath}/compare?ids=${ids.slice(0, maxCompared).join(',')}`;

/** The scenarios a Compare page's URL names: distinct positive ids, at most `maxCompared`. */
export const comparedIds = (params: URLSearchParams): number[] => {
  const ids = (params.get('ids') ?? '')
    .split(',')
    .filter((part) => /^[1-9]\d{0,14}$/.test(part))
    .map(Number);
  return [...new Set(ids)].slice(0, maxCompared);
};

/** A record's place inside a scenario: its page with the scenario chosen, to resolve a conflict there. */
export const inScenarioPath = (path: string, scenario: number): string => {
  const [pathname, search = ''] = path.split('?');
  return `${pathname}?${withScenario(new URLSearchParams(search), scenario).toString()}`;
};
