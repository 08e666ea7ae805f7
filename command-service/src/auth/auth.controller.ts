import { Body, Controller, HttpCode, Inject, Post, Req, Res, UseGuards } from '@nestjs/common';
import { z } from 'zod';
import type { Request, Response } from 'express';
import {
  ACCESS_TOKEN_SECONDS,
  AuthGuard,
  CurrentPrincipal,
  DIRECTORY,
  DirectoryCache,
  REFRESH_TOKEN_DAYS,
  meView,
} from '@fahrplan/platform';
import { SESSION_HINT_COOKIE } from '@fahrplan/contracts';
import type { Principal } from '@fahrplan/platform';
import { SessionService } from './session.service';
import type { IssuedSession } from './session.service';

export const REFRESH_COOKIE = 'fahrplan_refresh';

export const loginSchema = z.strictObject({
  tenant: z.string().trim().min(1).max(100),
  username: z.string().trim().min(1).max(100),
  password: z.string().min(1).max(1000),
});

export const switchSchema = z.strictObject({ tenant: z.string().trim().min(1).max(100) });

/** The refresh token's cookie: httpOnly, only sent to /api/auth, for as long as the session runs. */
export const setRefreshCookie = (response: Response, token: string, secure: boolean): void => {
  response.cookie(REFRESH_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    secure,
    path: '/api/auth',
    maxAge: REFRESH_TOKEN_DAYS * 86_400_000,
  });
  response.cookie(SESSION_HINT_COOKIE, '1', {
    sameSite: 'strict',
    secure,
    path: '/',
    maxAge: REFRESH_TOKEN_DAYS * 86_400_000,
  });
};

/** The session's cookies gone: after a logout, and after a refresh the server refused. */
const clearSessionCookies = (response: Response): void => {
  response.clearCookie(REFRESH_COOKIE, { path: '/api/auth' });
  response.clearCookie(SESSION_HINT_COOKIE, { path: '/' });
};

@Controller('api/auth')
export class AuthController {
  constructor(
    private readonly sessions: SessionService,
    @Inject(DIRECTORY) private readonly directory: DirectoryCache,
  ) {}

  @Post('login')
  @HttpCode(200)
  async login(
    @Body() body: unknown,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ) {
    const { tenant, username, password } = loginSchema.parse(body);
    return this.answer(await this.sessions.login(tenant, username, password, request.ip), request, response);
  }

  /** A new session in another tenant the caller belongs to; the caller's session ends. */
  @Post('switch')
  @HttpCode(200)
  @UseGuards(AuthGuard)
  async switchTenant(
    @Body() body: unknown,
    @CurrentPrincipal() principal: Principal,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ) {
    const { tenant } = switchSchema.parse(body);
    return this.answer(await this.sessions.switchTenant(principal, tenant), request, response);
  }

  @Post('refresh')
  @HttpCode(200)
  async refresh(@Req() request: Request, @Res({ passthrough: true }) response: Response) {
    try {
      return this.answer(await this.sessions.refresh(request.cookies?.[REFRESH_COOKIE]), request, response);
    } catch (error) {
      clearSessionCookies(response);
      throw error;
    }
  }

  @Post('logout')
  @HttpCode(204)
  async logout(@Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<void> {
    await this.sessions.logout(request.cookies?.[REFRESH_COOKIE]);
    clearSessionCookies(response);
  }

  private answer(session: IssuedSession, request: Request, response: Response) {
    if (session.refreshToken) setRefreshCookie(response, session.refreshToken, request.secure);
    return {
      accessToken: session.accessToken,
      expiresIn: ACCESS_TOKEN_SECONDS,
      me: meView(this.directory, session.tenant, session.username),
    };
  }
}
