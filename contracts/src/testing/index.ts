/** contracts' testing entry (`@fahrplan/contracts/testing`): for specs, testing helpers and bench only. */
export * from './decider-spec';
export * from './calendar-oracle';
