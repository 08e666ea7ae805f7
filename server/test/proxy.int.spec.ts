import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ServiceProcess, eventually, freePort } from '@fahrplan/platform/testing';
import { Api } from '../src/testing/platform';
import { AddressClient } from './abuse/from-address';

/**
 * The one origin of docker-compose.yml, for real: Debian's nginx with deploy/nginx.conf (its
 * upstreams pointed at loopback ports instead of compose's service names) in front of
 * command-service, projection-service and the built console.
 */
const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const root = resolve(__dirname, '../..');
const PASSWORD = 'proxy-demo-password';
const available = existsSync(NGINX) && existsSync(join(root, 'console/dist/index.html'));
if (!available)
  process.stdout.write(
    `reverse proxy suite skipped: needs ${NGINX} (apt-get install nginx-light) and the built console (npm run build)\n`,
  );

(available ? describe : describe.skip)('the reverse proxy of the distributed deployment', () => {
  let dir: string;
  let nginx: ChildProcess;
  let nginxOutput = '';
  const services: ServiceProcess[] = [];
  let origin: Api;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'fahrplan-proxy-'));
    const shared = {
      EVENTSTORE_URL: `sqlite:${join(dir, 'events.db')}`,
      TOKEN_SECRET: randomBytes(32).toString('base64'),
      MONGODB_URL: '',
      KAFKA_BROKERS: '',
    };
    const commands = new ServiceProcess({
      entry: 'server/dist/command-service.main.js',
      port: await freePort(),
      // nginx reaches the services from loopback, as compose's nginx from its container ('console');
      // a low per-address limit, so that a client rotating X-Forwarded-For meets it within the test
      env: {
        ...shared,
        FAHRPLAN_DEMO_PASSWORD: PASSWORD,
        FAHRPLAN_TRUSTED_PROXIES: '127.0.0.1',
        LOGIN_IP_MAX_FAILURES: '3',
      },
      readyPath: '/api/ready',
    });
    const queries = new ServiceProcess({
      entry: 'server/dist/projection-service.main.js',
      port: await freePort(),
      env: shared,
      readyPath: '/api/ready',
    });
    services.push(commands, queries);
    await Promise.all(services.map((service) => service.start()));

    const port = await freePort();
    const site = readFileSync(join(root, 'deploy/nginx.conf'), 'utf8')
      .replace('server command-service:3001;', `server 127.0.0.1:${new URL(commands.url).port};`)
      .replace('server projection-service:3002;', `server 127.0.0.1:${new URL(queries.url).port};`)
      // tracker-sync is not started here (it needs Kafka): its upstream is a port nobody listens on
      .replace('server tracker-sync:3003;', `server 127.0.0.1:${await freePort()};`)
      .replace('listen 80;', `listen 127.0.0.1:${port};`)
      .replace('root /usr/share/nginx/html;', `root ${join(root, 'console/dist')};`);
    expect(site).not.toMatch(
      /command-service:|projection-service:|tracker-sync:|listen 80;|\/usr\/share\/nginx/,
    );
    const temp = (name: string) => `${name}_temp_path ${join(dir, name)};`;
    writeFileSync(
      join(dir, 'nginx.conf'),
      `${process.getuid?.() === 0 ? 'user root;\n' : ''}daemon off;
pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'error.log')} warn;
events {}
http {
  include /etc/nginx/mime.types;
  access_log off;
  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n  ')}
${site}
}
`,
    );
    nginx = spawn(NGINX, ['-c', join(dir, 'nginx.conf'), '-p', dir], { stdio: ['ignore', 'pipe', 'pipe'] });
    nginx.stderr!.on('data', (chunk: Buffer) => (nginxOutput += chunk.toString()));
    origin = new Api(`http://127.0.0.1:${port}`);
    await eventually(async () => expect((await origin.get('/api/health')).status).toBe(200), {
      timeoutMs: 20_000,
      intervalMs: 100,
    }).catch((error: unknown) => {
      throw new Error(`nginx did not answer: ${String(error)}\n${nginxOutput}`);
    });
  }, 120_000);

  afterAll(async () => {
    nginx?.kill('SIGTERM');
    for (const service of services) await service.kill();
    rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it('serves the console, and index.html for its client-side routes', async () => {
    for (const path of ['/', '/applications', '/application-details/ERP%20Core']) {
      const reply = await origin.get(path);
      expect(reply.status).toBe(200);
      expect(reply.headers.get('content-type')).toMatch(/text\/html/);
      expect(reply.body).toContain('<div id="root">');
    }
  });

  it('sends connection tests to tracker-sync and the tracker queries to projection-service', async () => {
    // nginx answers 502 itself when the upstream it chose does not listen: that upstream is tracker-sync's
    expect((await origin.send('POST', '/api/tracker/test', { json: {} })).status).toBe(502);
    // projection-service answers (401: no token) for the mirror's queries
    expect((await origin.get('/api/tracker/status')).status).toBe(401);
  });

  it('signs in through command-service, with the refresh cookie on the same origin', async () => {
    const reply = await origin.login('demo', 'admin', PASSWORD);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('set-cookie')).toMatch(/Path=\/api\/auth/);
  });

  it('counts a client by the address nginx saw, whatever X-Forwarded-For it sends', async () => {
    const client = new AddressClient(origin.baseUrl, '127.0.0.21');
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++)
        statuses.push(
          (
            await client.login('demo', `rotating-${i}`, 'wrong password', {
              'x-forwarded-for': `203.0.113.${i}`,
            })
          ).status,
        );

      expect(statuses).toEqual([401, 401, 401, 429]);
      // another client behind the same proxy is not blocked
      expect((await origin.login('demo', 'admin', PASSWORD)).status).toBe(200);
    } finally {
      client.close();
    }
  });

  it('sends a command to command-service and the query to projection-service', async () => {
    const token = await origin.token('demo', 'admin', PASSWORD);
    const saved = await origin.command('SaveApplication', { name: 'Behind the proxy' }, token);
    expect(saved.status).toBe(200);
    const read = await origin.get(`/api/applications/${saved.body.id}`, token, {
      'X-Fahrplan-After': String(saved.body.position),
    });
    expect(read.status).toBe(200);
    expect(read.body.name).toBe('Behind the proxy');
    expect((await origin.get('/api/health')).body.service).toBe('projection-service');
  });

  it('passes the change feed through: a change arrives while the stream stays open', async () => {
    const token = await origin.token('demo', 'admin', PASSWORD);
    const controller = new AbortController();
    const response = await fetch(`${origin.baseUrl}/api/changes`, {
      headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    let received = '';
    const reading = (async () => {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        received += Buffer.from(value).toString();
      }
    })().catch(() => undefined);
    const saved = await origin.command('SaveApplication', { name: 'Announced through the proxy' }, token);
    await eventually(() => expect(received).toContain('applications'), { timeoutMs: 10_000, intervalMs: 50 });
    expect(received).toMatch(new RegExp(`"position":\\s*${saved.body.position}`));
    controller.abort();
    await reading;
  });
});
