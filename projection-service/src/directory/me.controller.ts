import { Controller, Get, Inject, UseGuards, UseInterceptors } from '@nestjs/common';
import type { MeView } from '@fahrplan/contracts';
import { AuthGuard, CurrentPrincipal, DIRECTORY, DirectoryCache, meView } from '@fahrplan/platform';
import type { Principal } from '@fahrplan/platform';
import { ReadYourWritesInterceptor } from '../http/read-your-writes.interceptor';

/** The signed-in user, their tenant's features and their permissions, from the identity directory. */
@Controller('api')
@UseGuards(AuthGuard)
// waits for the projections (`X-Fahrplan-After`) as it did beside the read-model queries
@UseInterceptors(ReadYourWritesInterceptor)
export class MeController {
  constructor(@Inject(DIRECTORY) private readonly directory: DirectoryCache) {}

  @Get('me')
  me(@CurrentPrincipal() principal: Principal): MeView {
    return meView(this.directory, principal.tenant, principal.username);
  }
}
