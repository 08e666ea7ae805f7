/** The part of oidc-provider (it ships no types; the tests' OpenID provider) the tests use. */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface Account {
    readonly accountId: string;
    claims(): Record<string, unknown> | Promise<Record<string, unknown>>;
  }

  interface Configuration {
    readonly clients?: readonly Record<string, unknown>[];
    /** Scope → the claims it releases. */
    readonly claims?: Record<string, readonly string[]>;
    readonly findAccount?: (
      context: unknown,
      id: string,
    ) => Account | undefined | Promise<Account | undefined>;
    readonly cookies?: { readonly keys?: readonly string[] };
    readonly features?: Record<string, unknown>;
  }

  export default class Provider {
    constructor(issuer: string, configuration?: Configuration);
    callback(): (request: IncomingMessage, response: ServerResponse) => void;
  }
}
