import { z } from 'zod';

/**
 * One rule of the claim mapping: a user whose claim `claim` equals `value` (or, for a list claim such
 * as `groups`, contains it) may act in `tenant` with the tenant's roles named `roles`.
 */
export interface OidcMappingRule {
  readonly claim: string;
  readonly value: string;
  readonly tenant: string;
  readonly roles: readonly string[];
}

/** OIDC login of one deployment: the provider, this client and who may act where. */
export interface OidcConfig {
  /** The issuer URL; its discovery document names the endpoints and the signing keys. */
  readonly issuer: string;
  readonly clientId: string;
  /** Absent for a public client (PKCE only). Never logged, never answered. */
  readonly clientSecret?: string;
  /** This deployment's callback, as registered at the provider. */
  readonly redirectUri: string;
  /** The provider's name on the login button. */
  readonly label: string;
  readonly scopes: string;
  readonly mapping: readonly OidcMappingRule[];
  /**
   * Keys the short-lived login cookie (state, nonce, PKCE verifier). Defaults to the client secret;
   * a public client run as several instances must set it so that every instance reads the cookie.
   */
  readonly cookieSecret?: string;
}

export const oidcMappingSchema = z
  .array(
    z.strictObject({
      claim: z.string().trim().min(1).max(200),
      value: z.string().min(1).max(1000),
      tenant: z.string().trim().min(1).max(100),
      roles: z.array(z.string().trim().min(1).max(100)).max(50),
    }),
  )
  .min(1, { error: 'at least one rule: without a mapping nobody could sign in' });

/** Claim values the mapping compares with: strings and numbers, alone or in a list. */
const claimValues = (claim: unknown): string[] =>
  (Array.isArray(claim) ? claim : [claim]).flatMap((v) =>
    typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? [String(v)] : [],
  );

/** The tenants the claims map to, in the order of their first rule, each with its role names. */
export const mapClaims = (
  mapping: readonly OidcMappingRule[],
  claims: Readonly<Record<string, unknown>>,
): Map<string, Set<string>> => {
  const mapped = new Map<string, Set<string>>();
  for (const rule of mapping) {
    if (!claimValues(claims[rule.claim]).includes(rule.value)) continue;
    const roles = mapped.get(rule.tenant) ?? new Set<string>();
    for (const role of rule.roles) roles.add(role);
    mapped.set(rule.tenant, roles);
  }
  return mapped;
};
