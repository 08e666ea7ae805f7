import { Inject, Injectable, UnauthorizedException, createParamDecorator } from '@nestjs/common';
import type { CanActivate, ExecutionContext } from '@nestjs/common';
import { SESSION_REVOCATIONS, SessionRevocations } from '../auth/session-revocations';
import { TokenService } from '../auth/tokens';
import type { Principal } from '../auth/tokens';
import { DirectoryCache } from '../directory/directory-cache';

export const TOKEN_SERVICE = Symbol('TokenService');
const BEARER = /^bearer +(\S+)$/i;
export const DIRECTORY = Symbol('DirectoryCache');

/**
 * Lets a request through only with a valid access token of a user who still exists, is not disabled
 * and belongs to the token's tenant, from a session that has not ended (logout, a replayed refresh
 * token, a tenant switch): all of it checked at every request.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    @Inject(TOKEN_SERVICE) private readonly tokens: TokenService,
    @Inject(DIRECTORY) private readonly directory: DirectoryCache,
    @Inject(SESSION_REVOCATIONS) private readonly revocations: SessionRevocations,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    const request = context
      .switchToHttp()
      .getRequest<{ headers: Record<string, string | undefined>; principal?: Principal }>();
    const principal = this.principalOf(request.headers.authorization);
    if (!principal) throw new UnauthorizedException('a valid access token is required');
    request.principal = principal;
    return true;
  }

  /** The principal of an Authorization header this guard lets through, else null. */
  principalOf(authorization: string | undefined): Principal | null {
    // the scheme is case-insensitive (RFC 9110, 11.1)
    const token = BEARER.exec(authorization ?? '')?.[1];
    const principal = token ? this.tokens.verifyAccessToken(token) : null;
    const user =
      principal && this.directory.activeUser(principal.tenant, principal.username, principal.userId);
    return principal && user && !this.revocations.isEnded(principal.session) ? principal : null;
  }
}

/** The verified caller of an AuthGuard-protected route. */
export const CurrentPrincipal = createParamDecorator(
  (_: unknown, context: ExecutionContext): Principal =>
    context.switchToHttp().getRequest<{ principal: Principal }>().principal,
);
