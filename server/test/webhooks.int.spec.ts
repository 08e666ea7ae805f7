import { spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { IncomingHttpHeaders, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { Webhook } from 'standardwebhooks';
import { streamName } from '@fahrplan/contracts';
import { SecretBox, generateWebhookSecret, webhookSecretPurpose } from '@fahrplan/platform';
import { eventually } from '@fahrplan/platform/testing';
import { TestClock, startPlatform, uniqueName } from '../src/testing/platform';
import type { Platform } from '../src/testing/platform';
import { adminApi } from './support/admin-api';

let running: Platform | undefined;
const platform = new Proxy({} as Platform, {
  get: (_target, key) => Reflect.get(running!, key) as unknown,
});
const { run, refused, read } = adminApi(() => platform);

/** Everything the process writes while the suite runs: a secret must never be among it. */
const written: string[] = [];
const writes = [process.stdout, process.stderr].map((stream) => {
  const original = stream.write.bind(stream);
  return [stream, original] as const;
});

beforeAll(async () => {
  for (const [stream, original] of writes)
    stream.write = ((chunk: unknown, ...rest: unknown[]) => {
      written.push(String(chunk));
      return (original as (...args: unknown[]) => boolean)(chunk, ...rest);
    }) as typeof stream.write;
  running = await startPlatform(new TestClock(), {
    logger: true,
    webhookPrivateHosts: ['127.0.0.1'],
    webhookDelivery: {
      retryBaseMs: 40,
      retryMaxMs: 150,
      giveUpAfterMs: 60_000,
      maxConsecutiveFailures: 4,
      pollMs: 20,
      timeoutMs: 3000,
    },
  });
}, 60_000);
afterAll(async () => {
  await running?.stop();
  for (const [stream, original] of writes) stream.write = original;
});

interface Hit {
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

/** A local receiver whose answer the test decides per request; it records every request. */
const receiver = async (answer: (hit: Hit, index: number) => number = () => 204) => {
  const hits: Hit[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const hit = { headers: request.headers, body: Buffer.concat(chunks).toString('utf8') };
      hits.push(hit);
      response.writeHead(answer(hit, hits.length - 1)).end('receiver says no');
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    hits,
    events: () =>
      hits.map((hit) => JSON.parse(hit.body) as { id: string; type: string; aggregateId: string }),
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
};
const receivers: { close(): Promise<void> }[] = [];
afterAll(() => Promise.all(receivers.map((r) => r.close())));
const aReceiver = async (answer?: (hit: Hit, index: number) => number) => {
  const r = await receiver(answer);
  receivers.push(r);
  return r;
};

const saveWebhook = async (data: Record<string, unknown>, token?: string) =>
  (await run('SaveWebhook', { events: ['resource'], active: true, ...data }, token)) as Awaited<
    ReturnType<typeof run>
  > & {
    secret?: string;
  };

interface Listed {
  id: number;
  url: string;
  status: string;
  version: number;
  paused: { reason: string; failures: number } | null;
  deliveries: {
    eventType: string;
    status: string;
    attempts: number;
    statusCode: number | null;
    lastError: string | null;
    latencyMs: number | null;
  }[];
}
const listed = async (id: number, position = 0): Promise<Listed> => {
  const { status, body } = await read('/api/webhooks?limit=1000', position);
  expect(status).toBe(200);
  const found = (body.items as Listed[]).find((hook) => hook.id === id);
  expect(found).toBeDefined();
  return found!;
};

describe('signed webhooks over HTTP', () => {
  it('delivers signed envelopes that the example receiver verifies, and logs each delivery', async () => {
    const secret = generateWebhookSecret();
    const child: ChildProcessWithoutNullStreams = spawn(
      process.execPath,
      [resolve(__dirname, '../../examples/webhook-receiver/receiver.mjs')],
      { env: { ...process.env, WEBHOOK_SECRET: secret, PORT: '0' } },
    );
    const lines: Record<string, unknown>[] = [];
    createInterface({ input: child.stdout }).on('line', (line) => lines.push(JSON.parse(line)));
    try {
      await eventually(() => expect(lines[0]).toEqual({ listening: expect.any(Number) }), {
        timeoutMs: 10_000,
      });
      const url = `http://127.0.0.1:${String(lines[0]!.listening)}/hook`;
      const hook = await saveWebhook({ url, secret });
      expect(hook.secret).toBeUndefined();
      const created = await run('SaveResource', { name: uniqueName('Webhook res') });
      await eventually(
        () =>
          expect(lines).toContainEqual({
            received: {
              id: expect.any(String),
              type: 'ResourceCreated',
              tenant: 'demo',
              aggregateId: String(created.id),
              position: created.position,
            },
          }),
        { timeoutMs: 10_000 },
      );
      // a delivery signed with another secret, or an hour ago, is refused by the receiver
      const body = JSON.stringify({ id: 'x', type: 'ResourceCreated' });
      const signedPost = (signer: Webhook, id: string, at: Date) =>
        fetch(url, {
          method: 'POST',
          body,
          headers: {
            'webhook-id': id,
            'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
            'webhook-signature': signer.sign(id, at, body),
          },
        });
      expect((await signedPost(new Webhook(generateWebhookSecret()), 'x', new Date())).status).toBe(401);
      expect((await signedPost(new Webhook(secret), 'y', new Date(Date.now() - 3600_000))).status).toBe(401);
      await eventually(async () =>
        expect((await listed(hook.id)).deliveries).toContainEqual(
          expect.objectContaining({
            eventType: 'ResourceCreated',
            status: 'delivered',
            attempts: 1,
            statusCode: 204,
          }),
        ),
      );
    } finally {
      child.kill();
    }
  });

  it('retries a receiver that fails twice, under the same webhook-id, with signatures the reference package accepts', async () => {
    const secret = generateWebhookSecret();
    const r = await aReceiver((_hit, index) => (index < 2 ? 500 : 200));
    const hook = await saveWebhook({ url: r.url, secret });
    const created = await run('SaveResource', { name: uniqueName('Retried') });
    await eventually(() => expect(r.hits).toHaveLength(3), { timeoutMs: 10_000 });
    expect(new Set(r.hits.map((hit) => hit.headers['webhook-id']))).toEqual(new Set([r.events()[0]!.id]));
    for (const hit of r.hits)
      expect(new Webhook(secret).verify(hit.body, hit.headers as Record<string, string>)).toMatchObject({
        type: 'ResourceCreated',
        aggregateId: String(created.id),
      });
    await eventually(async () =>
      expect((await listed(hook.id)).deliveries[0]).toMatchObject({
        eventType: 'ResourceCreated',
        status: 'delivered',
        attempts: 3,
        statusCode: 200,
        lastError: null,
        latencyMs: expect.any(Number),
      }),
    );
  });

  it('pauses a webhook that keeps failing, shows why, and resumes where it stopped once activated', async () => {
    let failing = true;
    const r = await aReceiver(() => (failing ? 503 : 204));
    const hook = await saveWebhook({ url: r.url });
    await run('SaveResource', { name: uniqueName('Paused') });
    const paused = await (async () => {
      let found: Listed | undefined;
      await eventually(
        async () => {
          found = await listed(hook.id);
          expect(found.status).toBe('paused');
        },
        { timeoutMs: 10_000 },
      );
      return found!;
    })();
    expect(paused.paused).toEqual({ reason: expect.stringContaining('HTTP 503'), failures: 4 });
    expect(paused.deliveries[0]).toMatchObject({ status: 'pending', attempts: 4, statusCode: 503 });
    const attempts = r.hits.length;
    // paused: an event meanwhile waits, nothing is sent
    const second = await run('SaveResource', { name: uniqueName('While paused') });
    await read('/api/webhooks', second.position);
    expect(r.hits).toHaveLength(attempts);

    failing = false;
    const resumed = await run('SaveWebhook', {
      id: hook.id,
      version: paused.version,
      url: r.url,
      events: ['resource'],
      active: true,
    });
    await eventually(
      async () => {
        const now = await listed(hook.id, resumed.position);
        expect(now.status).toBe('active');
        expect(now.deliveries.map((d) => d.status)).toEqual(['delivered', 'delivered']);
      },
      { timeoutMs: 10_000 },
    );
    expect(
      r
        .events()
        .map((event) => event.type)
        .slice(-2),
    ).toEqual(['ResourceCreated', 'ResourceCreated']);
  });

  it('keeps each aggregate in log order: a failing delivery holds back its own aggregate only', async () => {
    let a = '';
    const failuresOfA = { left: 3 };
    const r = await aReceiver((hit) => {
      const event = JSON.parse(hit.body) as { aggregateId: string };
      if (event.aggregateId === a && failuresOfA.left > 0) {
        failuresOfA.left -= 1;
        return 500;
      }
      return 204;
    });
    const hook = await saveWebhook({ url: r.url });
    const resourceA = await run('SaveResource', { name: uniqueName('A') });
    a = String(resourceA.id);
    await run('SaveResource', { id: resourceA.id, version: 0, name: uniqueName('A renamed') });
    const resourceB = await run('SaveResource', { name: uniqueName('B') });
    await eventually(
      async () =>
        expect((await listed(hook.id)).deliveries.filter((d) => d.status === 'delivered')).toHaveLength(3),
      {
        timeoutMs: 10_000,
      },
    );
    const ofA = r.events().filter((event) => event.aggregateId === a);
    // A's creation failed three times before it went through; its rename only after it
    expect(ofA.map((event) => event.type)).toEqual([
      'ResourceCreated',
      'ResourceCreated',
      'ResourceCreated',
      'ResourceCreated',
      'ResourceRenamed',
    ]);
    const firstOfB = r.events().findIndex((event) => event.aggregateId === String(resourceB.id));
    const lastOfA = r
      .events()
      .findIndex((event) => event.type === 'ResourceRenamed' && event.aggregateId === a);
    expect(firstOfB).toBeLessThan(lastOfA);
  });

  it('refuses a private or plain-http address at save, storing nothing', async () => {
    for (const url of [
      'https://10.1.2.3/hook',
      'https://169.254.169.254/latest',
      'https://127.0.0.2/x',
      'http://example.com/hook',
    ]) {
      const reply = await refused('SaveWebhook', { url, events: ['resource'], active: true }, 400);
      expect(reply.body.errors).toEqual([
        expect.objectContaining({ field: 'url', message: expect.any(String) }),
      ]);
    }
  });

  it('checks the address again at every delivery: a webhook whose address turned private is not called', async () => {
    // as if the address had been public when saved: the event stored without the save's check
    const box = new SecretBox(
      Buffer.from(readFileSync(join(platform.dataDir, 'tracker.key'), 'utf8'), 'base64'),
    );
    const id = 990_000 + (process.pid % 1000);
    const { store } = platform.embedded;
    await store.append(
      streamName('webhook', id),
      [
        {
          id: crypto.randomUUID(),
          type: 'WebhookSaved',
          data: {
            id,
            url: 'https://10.9.8.7/hook',
            events: ['resource'],
            active: true,
            secret: box.seal(generateWebhookSecret(), webhookSecretPurpose('demo', id)),
          },
          metadata: {
            tenant: 'demo',
            user: 'admin',
            correlationId: 'c',
            causationId: 'c',
            timestamp: new Date().toISOString(),
            schemaVersion: 1,
          },
        },
      ],
      'no_stream',
    );
    await run('SaveResource', { name: uniqueName('Private') });
    await eventually(
      async () =>
        expect((await listed(id)).deliveries[0]).toMatchObject({
          status: 'pending',
          statusCode: null,
          lastError: expect.stringContaining('address refused: not a public address (private)'),
        }),
      { timeoutMs: 10_000 },
    );
  });

  it('answers a generated secret once, and never again: not in GET answers, the log or the output', async () => {
    const r = await aReceiver();
    const hook = await saveWebhook({ url: r.url });
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const secret = hook.secret!;
    const ping = await platform.api.send('POST', `/api/webhooks/${hook.id}/test`, { token: platform.admin });
    expect(ping.body).toEqual({ ok: true, statusCode: 204, error: null, latencyMs: expect.any(Number) });
    expect(
      new Webhook(secret).verify(r.hits[0]!.body, r.hits[0]!.headers as Record<string, string>),
    ).toMatchObject({
      type: 'webhook.test',
      tenant: 'demo',
    });
    const list = await read('/api/webhooks?limit=1000', hook.position);
    const deliveries = await read(`/api/webhooks/${hook.id}/deliveries`, hook.position);
    expect(deliveries.body.items[0]).toMatchObject({
      eventType: 'webhook.test',
      status: 'delivered',
      statusCode: 204,
    });
    const changed = await run('SaveWebhook', {
      id: hook.id,
      version: 0,
      url: r.url,
      events: ['item'],
      active: true,
    });
    expect(changed).not.toHaveProperty('secret');
    const key = secret.slice('whsec_'.length);
    const events = await platform.embedded.store.readAll();
    const dump = await platform.embedded.readStore.dump();
    for (const text of [
      JSON.stringify(list.body),
      JSON.stringify(deliveries.body),
      JSON.stringify(events),
      JSON.stringify(dump),
      written.join(''),
    ])
      expect(text).not.toContain(key);
  });

  it('keeps webhooks to their tenant', async () => {
    const r = await aReceiver();
    const hook = await saveWebhook({ url: r.url });
    const theirs = await read('/api/webhooks?limit=1000', hook.position, platform.otherAdmin);
    expect((theirs.body.items as Listed[]).map((h) => h.id)).not.toContain(hook.id);
    await refused(
      'SaveWebhook',
      { id: hook.id, version: 0, url: r.url, events: ['item'], active: true },
      404,
      platform.otherAdmin,
    );
    await refused('DeleteWebhook', { id: hook.id, version: 0 }, 404, platform.otherAdmin);
    const ping = await platform.api.send('POST', `/api/webhooks/${hook.id}/test`, {
      token: platform.otherAdmin,
    });
    expect(ping.status).toBe(404);
    expect(
      (await read(`/api/webhooks/${hook.id}/deliveries`, hook.position, platform.otherAdmin)).status,
    ).toBe(404);
    expect((await read('/api/webhooks', hook.position, platform.viewer)).status).toBe(403);
    // the other tenant's events never reach this tenant's webhook
    const theirResource = await run('SaveResource', { name: uniqueName('Theirs') }, platform.otherAdmin);
    const ours = await run('SaveResource', { name: uniqueName('Ours') });
    await eventually(() => expect(r.events().map((e) => e.aggregateId)).toContain(String(ours.id)), {
      timeoutMs: 10_000,
    });
    expect(r.events().map((e) => e.aggregateId)).not.toContain(String(theirResource.id));
    const deleted = await run('DeleteWebhook', { id: hook.id, version: 0 });
    const after = await read('/api/webhooks?limit=1000', deleted.position);
    expect((after.body.items as Listed[]).map((h) => h.id)).not.toContain(hook.id);
  });
});
