export * from './embedded/embedded';
export { DEMO_TENANT, demoFeatures } from './demo/demo-data';
export * from './demo/seed-demo';
export * from './services/projection-service';
