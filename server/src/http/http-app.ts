import cookieParser from 'cookie-parser';
import express from 'express';
import type { NextFunction, Request, Response } from 'express';
import { Module } from '@nestjs/common';
import type { DynamicModule, LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ProblemFilter, toProblem } from '@fahrplan/platform';

/** JSON bodies only, parse errors as problem details (not Express's HTML page). */
export const configureHttp = (app: NestExpressApplication): void => {
  app.disable('x-powered-by');
  // behind the distributed mode's reverse proxy the client's address (login throttling per address)
  // is in X-Forwarded-For; only proxies on private networks are believed
  app.set('trust proxy', 'loopback, linklocal, uniquelocal');
  app.use(express.json({ limit: '2mb' }));
  app.use((error: unknown, _req: Request, res: Response, next: NextFunction) => {
    if (!error) return next();
    const body = toProblem(error);
    res.status(body.status).type('application/problem+json').json(body);
  });
  app.use(cookieParser());
  app.useGlobalFilters(new ProblemFilter());
};

/** The built console and its client-side routes; everything else under /api is a 404 problem. */
export const serveConsole = (app: NestExpressApplication, consoleDir: string): void => {
  if (!existsSync(join(consoleDir, 'index.html'))) return;
  app.useStaticAssets(consoleDir, { index: false, maxAge: '1h' });
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' || req.path.startsWith('/api')) return next();
    res.sendFile(join(consoleDir, 'index.html'));
  });
};

/**
 * A service's Nest application with Fahrplan's HTTP setup; not initialised yet, so that the
 * embedded composition can add the console's routes behind the API.
 */
export const createHttpApp = async (
  root: DynamicModule,
  { logger, forceCloseConnections = false }: { logger: LogLevel[] | false; forceCloseConnections?: boolean },
): Promise<NestExpressApplication> => {
  const app = await NestFactory.create<NestExpressApplication>(root, {
    bodyParser: false,
    forceCloseConnections,
    logger,
  });
  configureHttp(app);
  return app;
};

/** The log levels of a distributed service, or none in tests. */
export const serviceLogLevels = (logger: boolean): LogLevel[] | false =>
  logger ? ['log', 'error', 'warn'] : false;

@Module({})
class ServiceRoot {}

/** A distributed service's HTTP app over its modules (its own and the platform endpoints), initialised. */
export const createServiceApp = async (
  imports: DynamicModule[],
  { logger }: { logger: boolean },
): Promise<NestExpressApplication> => {
  const app = await createHttpApp({ module: ServiceRoot, imports }, { logger: serviceLogLevels(logger) });
  await app.init();
  return app;
};
