/** server's testing entry (`@fahrplan/server/testing`): the platform under test, for specs and e2e only. */
export * from './platform';
export * from './service-process';
