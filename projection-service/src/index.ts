export * from './projection-service.module';
export * from './read-store/read-store';
export * from './read-store/memory-read-store';
export * from './projections/projection';
export * from './projections/projection-runner';
export * from './projections/all-projections';
