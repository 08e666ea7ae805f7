/** Where the provider's button leads: a full-page navigation to the server, which redirects on. */
export const oidcStartUrl = (tenant: string): string =>
  `/api/auth/oidc/start?tenant=${encodeURIComponent(tenant.trim())}`;

const messages: Record<string, string> = {
  'oidc-not-mapped':
    'Your account at the identity provider is not assigned to any tenant here. Ask an administrator for access.',
  'oidc-disabled': 'Your account is disabled.',
  'oidc-denied': 'The identity provider did not sign you in.',
};

/** The login page's explanation of the `?error=` the OIDC callback sent the browser back with. */
export const oidcErrorMessage = (code: string | null): string | null =>
  code ? (messages[code] ?? 'Signing in through the identity provider failed.') : null;
