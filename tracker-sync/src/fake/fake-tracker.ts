import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { fakeTrackerDemoData } from './demo-data';
import { FakeTrackerCore } from './fake-core';
import type { FakeTracker, FakeTrackerOptions } from './fake-types';

export type {
  FakeExchange,
  FakeFault,
  FakeIssue,
  FakeRequest,
  FakeTracker,
  FakeTrackerData,
  FakeTrackerOptions,
} from './fake-types';
export { fakeTrackerDemoData } from './demo-data';

/** The fake as a request handler, to mount under a path prefix inside another server (the demo). */
export function fakeTrackerHandler(
  options: FakeTrackerOptions & { prefix: string },
): (req: IncomingMessage, res: ServerResponse, next: () => void) => void {
  const core = new FakeTrackerCore(options, options.data ?? fakeTrackerDemoData());
  const prefix = options.prefix.replace(/\/+$/, '');
  return (req, res, next) => {
    // Express-style mounting (app.use(prefix, handler)) strips the prefix from req.url but keeps originalUrl.
    const url = new URL(
      (req as IncomingMessage & { originalUrl?: string }).originalUrl ?? req.url ?? '/',
      'http://fake',
    );
    if (prefix && url.pathname !== prefix && !url.pathname.startsWith(`${prefix}/`)) {
      next();
      return;
    }
    const path = url.pathname.slice(prefix.length) || '/';
    core.serve(req, res, path, url.search, prefix);
  };
}

/** A fake Jira on its own port: a real HTTP server for tests and local runs. */
export async function startFakeTracker(options: FakeTrackerOptions = {}): Promise<FakeTracker> {
  const core = new FakeTrackerCore(options, options.data ?? fakeTrackerDemoData());
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  let port = options.port ?? 0;

  const listen = async () => {
    const next = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://fake');
      // No pooled connections: while down, every request then meets a refused connection, as after a real outage.
      res.setHeader('connection', 'close');
      core.serve(req, res, url.pathname, url.search, '');
    });
    next.on('connection', (socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve, reject) => {
      next.once('error', reject);
      next.listen(port, '127.0.0.1', () => resolve());
    });
    port = (next.address() as AddressInfo).port;
    server = next;
  };
  const stop = async () => {
    const current = server;
    if (!current) return;
    server = null;
    const closed = new Promise<void>((resolve) => current.close(() => resolve()));
    // Keep-alive and slow (delayed) connections would hold close() open.
    for (const socket of sockets) socket.destroy();
    await closed;
  };

  await listen();
  return {
    get url() {
      return `http://127.0.0.1:${port}`;
    },
    data: core.data,
    requests: core.requests,
    validationProblems: core.validationProblems,
    fail: (match, fault) => core.fail(match, fault),
    clearFaults: () => core.clearFaults(),
    down: stop,
    up: async () => {
      if (!server) await listen();
    },
    close: stop,
  };
}
