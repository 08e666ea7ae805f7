import { Controller, Get, Inject, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { z } from 'zod';
import { IdAllocator } from '@fahrplan/platform';
import { setRefreshCookie } from './auth.controller';
import type { OidcConfig } from './oidc-config';
import { OIDC_CONFIG, OIDC_IDS, OIDC_LOGIN_SECONDS, OidcService } from './oidc.service';

/** The pending login (state, nonce, PKCE verifier), sealed; sent back only to the callback. */
export const OIDC_LOGIN_COOKIE = 'fahrplan_oidc';
const CALLBACK_PATH = '/api/auth/oidc/callback';

export const oidcStartSchema = z.strictObject({ tenant: z.string().trim().max(100).default('') });

/** The providers of OIDC login; with `config` undefined the endpoints answer 404 (config says disabled). */
export const oidcProviders = (config: OidcConfig | undefined, ids: IdAllocator) => [
  { provide: OIDC_CONFIG, useValue: config ?? null },
  { provide: OIDC_IDS, useValue: ids },
  OidcService,
];

@Controller('api/auth/oidc')
export class OidcController {
  constructor(@Inject(OidcService) private readonly oidc: OidcService) {}

  /** Public: whether the login page offers the provider, and its name. */
  @Get('config')
  config() {
    return this.oidc.describe();
  }

  /** Redirects the browser to the provider; `tenant` is where the user wants to work once back. */
  @Get('start')
  async start(@Query() query: unknown, @Req() request: Request, @Res() response: Response): Promise<void> {
    const { tenant } = oidcStartSchema.parse(query);
    const { url, cookie } = await this.oidc.start(tenant);
    // Lax: the callback arrives as a top-level navigation from the provider's site
    response.cookie(OIDC_LOGIN_COOKIE, cookie, {
      httpOnly: true,
      sameSite: 'lax',
      secure: request.secure,
      path: CALLBACK_PATH,
      maxAge: OIDC_LOGIN_SECONDS * 1000,
    });
    response.redirect(302, url);
  }

  /** The provider's redirect back: a session and the console, or the login page with the reason. */
  @Get('callback')
  async callback(@Req() request: Request, @Res() response: Response): Promise<void> {
    const query = request.originalUrl.includes('?')
      ? request.originalUrl.slice(request.originalUrl.indexOf('?'))
      : '';
    response.clearCookie(OIDC_LOGIN_COOKIE, { path: CALLBACK_PATH });
    const outcome = await this.oidc.callback(query, request.cookies?.[OIDC_LOGIN_COOKIE]);
    if (outcome.kind === 'refused') {
      response.redirect(302, `/login?error=${outcome.reason}`);
      return;
    }
    if (outcome.session.refreshToken)
      setRefreshCookie(response, outcome.session.refreshToken, request.secure);
    response.redirect(302, '/');
  }
}
