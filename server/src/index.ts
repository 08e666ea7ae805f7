export * from './embedded/embedded';
export * from './demo/seed-demo';
export * from './services/projection-service';
