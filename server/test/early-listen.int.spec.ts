import type { AddressInfo } from 'node:net';
import { request } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { healthAnswerSchema } from '@fahrplan/contracts';
import { createEmbedded } from '../src/embedded/embedded';
import type { Embedded } from '../src/embedded/embedded';
import { listenEarly } from '../src/http/early-listener';
import type { EarlyListener } from '../src/http/early-listener';
import { Api, removeDataDir, temporaryDataDir } from '../src/testing/platform';

const apiOf = (early: EarlyListener) =>
  new Api(`http://127.0.0.1:${(early.server.address() as AddressInfo).port}`);

/** Whether `promise` is still pending once the requests sent before it have had time to be answered. */
const pending = async (promise: Promise<unknown>) => {
  const marker = Symbol('pending');
  const settled = await Promise.race([promise, new Promise((resolve) => setTimeout(resolve, 200, marker))]);
  return settled === marker;
};

/** An application that answers what it was asked, the request's body included. */
const echo = (req: IncomingMessage, res: ServerResponse) => {
  let body = '';
  req.setEncoding('utf8');
  req.on('data', (chunk: string) => (body += chunk));
  req.on('end', () => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ answeredBy: 'app', method: req.method, url: req.url, body }));
  });
};

describe('a server that listens before the app has loaded', () => {
  let early: EarlyListener | undefined;

  afterEach(async () => {
    if (early?.server.listening) await new Promise((resolve) => early!.server.close(resolve));
    early = undefined;
  });

  it('answers health at once and holds every other request, unread, until the app takes over', async () => {
    early = await listenEarly(0, 'embedded', '127.0.0.1');
    const api = apiOf(early);
    const command = api.send('POST', '/api/commands/SaveGroup?x=1', { json: { title: 'held' } });

    const health = await api.get('/api/health');
    expect(health.status).toBe(200);
    expect(healthAnswerSchema.parse(health.body)).toEqual({ status: 'ok', service: 'embedded' });
    expect(await pending(command)).toBe(true);

    early.handOver(echo);
    expect(await command).toMatchObject({
      status: 200,
      body: {
        answeredBy: 'app',
        method: 'POST',
        url: '/api/commands/SaveGroup?x=1',
        body: JSON.stringify({ title: 'held' }),
      },
    });
    // from now on the app answers everything, health included
    expect((await api.get('/api/health')).body).toMatchObject({ answeredBy: 'app', url: '/api/health' });
  });

  it('holds at most its limit: one more is answered 503 with Retry-After, the held ones still reach the app', async () => {
    const maxHeld = 5;
    early = await listenEarly(0, 'embedded', '127.0.0.1', maxHeld);
    const { port } = early.server.address() as AddressInfo;
    // one socket per request, as many clients would open
    const ask = (path: string) =>
      new Promise<{ status: number; retryAfter: string | undefined }>((resolve, reject) =>
        request({ host: '127.0.0.1', port, path, agent: false }, (res) => {
          res.resume();
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, retryAfter: res.headers['retry-after'] }),
          );
        })
          .on('error', reject)
          .end(),
      );
    const heldOnes = Array.from({ length: maxHeld }, (_, i) => ask(`/api/held/${i}`));
    // the held requests arrive before the one more (each answered only after the hand-over)
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await ask('/api/one-more')).toEqual({ status: 503, retryAfter: '1' });
    early.handOver(echo);
    const answered = await Promise.all(heldOnes);
    expect(answered.every(({ status }) => status === 200)).toBe(true);
  });

  it('refuses to start when the port is taken', async () => {
    early = await listenEarly(0, 'embedded', '127.0.0.1');
    const { port } = early.server.address() as AddressInfo;
    await expect(listenEarly(port, 'embedded', '127.0.0.1')).rejects.toThrow(/EADDRINUSE/);
  });
});

describe('the embedded app on an early listener', () => {
  let dataDir: string;
  let embedded: Embedded | undefined;

  beforeEach(() => {
    dataDir = temporaryDataDir();
  });

  afterEach(async () => {
    await embedded?.close();
    embedded = undefined;
    removeDataDir(dataDir);
  });

  it('answers the requests held while it started once it listens, and closes that server', async () => {
    const early = await listenEarly(0, 'embedded', '127.0.0.1');
    const api = apiOf(early);
    const held = api.get('/api/openapi.json');
    embedded = await createEmbedded({ dataDir, logger: false, listenFirst: true, early });
    expect(await pending(held)).toBe(true);
    expect((await api.get('/api/health')).body).toEqual({ status: 'ok', service: 'embedded' });

    await embedded.app.listen(0);
    expect(await held).toMatchObject({ status: 200, body: { openapi: expect.any(String) } });
    // the app's own health, with the position its read models reflect
    expect((await api.get('/api/health')).body).toEqual({
      status: 'ok',
      service: 'embedded',
      position: expect.any(Number),
    });
    expect(embedded.app.getHttpServer()).toBe(early.server);

    await embedded.close();
    embedded = undefined;
    expect(early.server.listening).toBe(false);
  });
});
