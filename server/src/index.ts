export * from './app';
export * from './demo';
export * from './projection-service';
