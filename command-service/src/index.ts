export * from './command-service.module';
export * from './infrastructure/aggregate-runner';
export * from './infrastructure/tokens';
export * from './identity/provision';
export * from './infrastructure/command-message';
export * from './auth/oidc-config';
export { IDEMPOTENCY_KEY } from './commands/commands.controller';
export { loginSchema, switchSchema } from './auth/auth.controller';
export { oidcStartSchema } from './auth/oidc.controller';
