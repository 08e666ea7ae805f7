/** server's testing entry (`@fahrplan/server/testing`): the platform under test, for specs and e2e only. */
export * from './platform';
// the service process lives in the shared kit (bench starts services too); e2e asks for it here
export { ServiceProcess, freePort, nodeFlagsOf } from '@fahrplan/platform/testing';
export type { ServiceProcessOptions } from '@fahrplan/platform/testing';
