export {};
export * from './tracker-sync.module';
export * from './http/tracker-test.controller';
export * from './sync/tracker-sync';
export * from './sync/tracker-world';
export * from './sync/tracker-world-checkpoint';
export * from './sync/mirror-run';
export * from './client';
export * from './fake/fake-tracker';
