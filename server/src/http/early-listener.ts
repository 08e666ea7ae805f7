import { createServer } from 'node:http';
import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';

/**
 * `npm start`'s HTTP server, listening before the application's modules load
 * (docs/design/early-listen.md): it answers `GET /api/health` itself and holds every other request,
 * unread, until `handOver` names the application that answers them.
 */
export interface EarlyListener {
  readonly server: Server;
  /** From now on `app` answers every request, the held ones first, in the order they came. */
  handOver(app: RequestListener): void;
}

/**
 * The requests held at most until the hand-over (under a second): beyond them a request is answered
 * 503 with Retry-After, so that a flood in the first second costs no unbounded memory or sockets.
 */
const maxHeldRequests = 1_000;

const isHealth = (req: IncomingMessage) =>
  (req.method === 'GET' || req.method === 'HEAD') && req.url?.split('?')[0] === '/api/health';

/**
 * Listens on `port` (and `host`, when given) and resolves once it does; `service` names it in health;
 * at most `maxHeld` requests are held.
 */
export const listenEarly = (
  port: number,
  service: string,
  host?: string,
  maxHeld = maxHeldRequests,
): Promise<EarlyListener> => {
  const held: [IncomingMessage, ServerResponse][] = [];
  const early = (req: IncomingMessage, res: ServerResponse) => {
    if (!isHealth(req)) {
      if (held.length < maxHeld) return void held.push([req, res]);
      res.writeHead(503, { 'content-type': 'application/json; charset=utf-8', 'retry-after': '1' });
      return void res.end(JSON.stringify({ message: 'Fahrplan is starting: try again in a second' }));
    }
    // the answer of the application's own health (healthAnswerSchema), without the details it adds
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify({ status: 'ok', service }));
  };
  const server = createServer(early);
  const handOver = (app: RequestListener) => {
    server.removeListener('request', early);
    server.on('request', app);
    for (const [req, res] of held.splice(0)) app(req, res);
  };
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    const listening = () => {
      server.removeListener('error', reject);
      resolve({ server, handOver });
    };
    if (host === undefined) server.listen(port, listening);
    else server.listen(port, host, listening);
  });
};
