export * from './app';
export * from './demo';
