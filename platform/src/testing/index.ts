/**
 * The shared test kit (`@fahrplan/platform/testing`): for specs, testing helpers and bench/, never
 * for product code (eslint.config.mjs).
 */
export * from './eventually';
export * from './append-event';
export * from './compile-for-node';
export * from './container-runtime';
export * from './service-process';
export * from './loopback-webhook';
export * from './workload/random';
export * from './workload/workload';
export * from './workload/planning-workload';
