import { oidcConfigAnswerSchema, sessionAnswerSchema } from '@fahrplan/contracts';
import { loginSchema, oidcStartSchema, switchSchema } from '@fahrplan/command-service';
import { bearer, inputSchema, jsonAnswer, jsonBody, problems } from './operations';

const session = (description: string) => jsonAnswer(description, sessionAnswerSchema);

/** Log in, refresh, log out and switch tenants (local accounts). */
export const sessionPaths = () => ({
  '/api/auth/login': {
    post: {
      summary: 'Log in: {tenant, username, password} → {accessToken, expiresIn, me} and a refresh cookie',
      requestBody: jsonBody(inputSchema(loginSchema)),
      responses: { 200: session('Signed in'), ...problems(400, 401, 429, 503) },
    },
  },
  '/api/auth/refresh': {
    post: {
      summary: 'Rotate the refresh cookie and get a new access token',
      responses: { 200: session('A new access token'), ...problems(401) },
    },
  },
  '/api/auth/logout': {
    post: { summary: 'End the session', responses: { 204: { description: 'No Content' } } },
  },
  '/api/auth/switch': {
    post: {
      summary:
        "Move the session to another of the user's tenants: {tenant} → {accessToken, expiresIn, me} and a new refresh cookie; the old session ends. 403 when the user cannot act there.",
      security: bearer,
      requestBody: jsonBody(inputSchema(switchSchema)),
      responses: { 200: session('The new session'), ...problems(400, 401, 403) },
    },
  },
});

/** Login through the deployment's OpenID provider. */
export const oidcPaths = () => ({
  '/api/auth/oidc/config': {
    get: {
      summary: 'Whether OIDC login is offered: {enabled, label}',
      responses: { 200: jsonAnswer('OK', oidcConfigAnswerSchema) },
    },
  },
  '/api/auth/oidc/start': {
    get: {
      summary: 'Redirect to the OpenID provider (PKCE); `tenant`: where to sign in once back',
      parameters: [
        {
          name: 'tenant',
          in: 'query',
          required: false,
          schema: inputSchema(oidcStartSchema).properties?.tenant as object,
        },
      ],
      responses: { 302: { description: 'To the provider' }, ...problems(400, 404, 502) },
    },
  },
  '/api/auth/oidc/callback': {
    get: {
      summary:
        "The provider's redirect back: a session (refresh cookie) and a redirect to the console, or to /login?error=…",
      responses: {
        302: { description: 'To the console or the login page' },
        ...problems(400, 401, 404),
      },
    },
  },
});
