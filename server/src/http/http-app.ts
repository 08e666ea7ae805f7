import cookieParser from 'cookie-parser';
import express from 'express';
import type { NextFunction, Request, Response } from 'express';
import { Module } from '@nestjs/common';
import type { DynamicModule, LogLevel } from '@nestjs/common';
import type { NestApplicationOptions } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ExpressAdapter } from '@nestjs/platform-express';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { existsSync } from 'node:fs';
import type { RequestListener, Server } from 'node:http';
import { join } from 'node:path';
import { ProblemFilter, toProblem } from '@fahrplan/platform';
import type { FrontLane } from '@fahrplan/projection-service';
import { methodNotAllowed } from './method-not-allowed';
import type { TrustedProxies } from './trusted-proxies';
import type { EarlyListener } from './early-listener';

/**
 * JSON bodies only, parse errors as problem details (not Express's HTML page). Behind a reverse
 * proxy the client's address (login throttling per address) is in X-Forwarded-For, believed only
 * from the proxies `trust` names; without any, the peer of the socket is the client.
 */
export const configureHttp = (app: NestExpressApplication, trust?: TrustedProxies): void => {
  app.disable('x-powered-by');
  app.set('trust proxy', trust ? (address: string) => trust.trust(address) : false);
  app.use(express.json({ limit: '2mb' }));
  app.use((error: unknown, _req: Request, res: Response, next: NextFunction) => {
    if (!error) return next();
    const body = toProblem(error);
    res.status(body.status).type('application/problem+json').json(body);
  });
  app.use(cookieParser());
  app.use(methodNotAllowed(app));
  app.useGlobalFilters(new ProblemFilter());
};

/** Whether a request is for the API or a calendar feed (issue 23), which the console's files never answer. */
const isApi = (req: Request) => req.path.startsWith('/api') || req.path.startsWith('/feeds/');

/**
 * The built console and its client-side routes; everything else under /api is a 404 problem. API
 * requests pass by without a file-system lookup: those run on libuv's small thread pool, where a
 * lookup per API call queued behind password hashing and held the whole API.
 */
export const serveConsole = (app: NestExpressApplication, consoleDir: string): void => {
  if (!existsSync(join(consoleDir, 'index.html'))) return;
  const files = express.static(consoleDir, { index: false, maxAge: '1h' });
  app.use((req: Request, res: Response, next: NextFunction) => (isApi(req) ? next() : files(req, res, next)));
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' || isApi(req)) return next();
    res.sendFile(join(consoleDir, 'index.html'));
  });
};

/**
 * Nest's Express adapter, which sends bytes an interceptor answers (a query thread's answer in shared
 * memory, `JsonBytes`) as Express does, with their Content-Type, ETag and 304, where Nest's own writes
 * any object as JSON (a Buffer as `{"type":"Buffer","data":[…]}`).
 */
class FahrplanExpressAdapter extends ExpressAdapter {
  private front: FrontLane | undefined;

  /** From now on `lane` sees every request first, and hands what it does not answer to Express. */
  putInFront(lane: FrontLane): void {
    this.front = lane;
  }

  /** The server's listener: the lane in front, if any, then Express. */
  protected readonly listener: RequestListener = (req, res) => {
    const app = this.getInstance<RequestListener>();
    if (this.front) this.front(req, res, () => app(req, res));
    else app(req, res);
  };

  override initHttpServer(options: NestApplicationOptions): void {
    super.initHttpServer(options);
    const server = this.getHttpServer() as Server;
    server.removeListener('request', this.getInstance<RequestListener>());
    server.on('request', this.listener);
  }

  override reply(response: Response, body: unknown, statusCode?: number): unknown {
    if (!(body instanceof Uint8Array)) return super.reply(response, body, statusCode);
    if (statusCode !== undefined) response.status(statusCode);
    return response.send(body);
  }
}

/**
 * Express on a server that listens already (`listenEarly`): the app's `listen` hands the server's
 * requests over to it instead of binding the port, and its `close` closes that server.
 */
class EarlyListenerAdapter extends FahrplanExpressAdapter {
  private forceClose = false;

  constructor(private readonly early: EarlyListener) {
    super();
  }

  override initHttpServer(options: NestApplicationOptions): void {
    super.initHttpServer({ ...options, forceCloseConnections: false });
    this.forceClose = options.forceCloseConnections === true;
    this.setHttpServer(this.early.server);
  }

  override listen(_port: string | number, ...args: unknown[]): Server {
    this.early.handOver(this.listener);
    const callback = args.at(-1);
    if (typeof callback === 'function') process.nextTick(callback as () => void);
    return this.early.server;
  }

  override close(): Promise<unknown> | undefined {
    const closed = super.close();
    if (this.forceClose) this.early.server.closeAllConnections();
    return closed;
  }
}

/**
 * A service's Nest application with Fahrplan's HTTP setup; not initialised yet, so that the
 * embedded composition can add the console's routes behind the API. With `early`, it answers on that
 * server once its `listen` is called, whatever the port named there.
 */
export const createHttpApp = async (
  root: DynamicModule,
  {
    logger,
    forceCloseConnections = false,
    trustedProxies,
    early,
    front,
  }: {
    logger: LogLevel[] | false;
    forceCloseConnections?: boolean;
    trustedProxies?: TrustedProxies | undefined;
    early?: EarlyListener | undefined;
    /** What answers some requests before Express, read from the app's providers (`LookupLane`). */
    front?: ((app: NestExpressApplication) => FrontLane) | undefined;
  },
): Promise<NestExpressApplication> => {
  const options = { bodyParser: false, forceCloseConnections, logger };
  const adapter = early ? new EarlyListenerAdapter(early) : new FahrplanExpressAdapter();
  const app = await NestFactory.create<NestExpressApplication>(root, adapter, options);
  if (front) adapter.putInFront(front(app));
  configureHttp(app, trustedProxies);
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
  { logger, trustedProxies }: { logger: boolean; trustedProxies?: TrustedProxies | undefined },
): Promise<NestExpressApplication> => {
  const app = await createHttpApp(
    { module: ServiceRoot, imports },
    { logger: serviceLogLevels(logger), trustedProxies },
  );
  await app.init();
  return app;
};
