import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import type { z } from 'zod';
import { importBytesMax } from '@fahrplan/contracts';
import { commandServiceEnv, projectionServiceEnv, trackerSyncEnv } from '../src/config/config';

/**
 * No Docker engine runs on our machines, so docker-compose.yml, the Dockerfile and the proxy
 * configuration are checked here against the code they start: a renamed variable, a moved entry point
 * or a missing health check fails this suite instead of a user's `docker compose up`.
 */
const root = join(__dirname, '../..');
const read = (file: string) => readFileSync(join(root, file), 'utf8');

interface ComposeService {
  image?: string;
  build?: { context: string; target: string };
  command?: string[];
  environment?: Record<string, string>;
  ports?: string[];
  expose?: string[];
  volumes?: string[];
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  restart?: string;
  deploy?: { replicas?: number };
}
const compose = parse(read('docker-compose.yml'), { merge: true }) as {
  services: Record<string, ComposeService>;
  volumes: Record<string, unknown>;
};
const services = compose.services;
const dockerfile = read('Dockerfile');
const nginx = read('deploy/nginx.conf');
const applications = ['command-service', 'projection-service', 'tracker-sync'] as const;
const schemas: Record<(typeof applications)[number], z.ZodObject> = {
  'command-service': commandServiceEnv,
  'projection-service': projectionServiceEnv,
  'tracker-sync': trackerSyncEnv,
};
const serviceNames = Object.keys(services);
const longRunning = serviceNames.filter((name) => name !== 'keygen');

describe('docker-compose.yml', () => {
  it('runs the event store, the broker, the read store, the three services and the console', () =>
    expect(serviceNames.sort()).toEqual(
      [
        'command-service',
        'console',
        'kafka',
        'keygen',
        'kurrentdb',
        'mongo',
        'projection-service',
        'tracker-sync',
      ].sort(),
    ));

  it.each(serviceNames)('%s has a pinned image or a build of a Dockerfile stage', (name) => {
    const service = services[name]!;
    expect(service.image).toMatch(/^[\w./-]+:[\w.-]+$/);
    expect(service.image).not.toMatch(/:latest$/);
    if (service.build) expect(dockerfile).toMatch(new RegExp(`^FROM .+ AS ${service.build.target}$`, 'm'));
  });

  it.each(longRunning)('%s has a health check and restarts on failure', (name) => {
    const service = services[name]!;
    expect(service.healthcheck?.test.length).toBeGreaterThan(0);
    expect(service.restart ?? 'unless-stopped').toBe('unless-stopped');
  });

  it('publishes the console on 8080 and the stores on their usual ports', () => {
    expect(services.console!.ports).toEqual(['8080:80']);
    expect(services.kurrentdb!.ports).toEqual(['2113:2113']);
    expect(services.kafka!.ports).toEqual(['9092:9092']);
    expect(services.mongo!.ports).toEqual(['27017:27017']);
  });

  it('waits only for services that exist, on conditions compose knows', () => {
    for (const service of Object.values(services))
      for (const [dependency, { condition }] of Object.entries(service.depends_on ?? {})) {
        expect(serviceNames).toContain(dependency);
        expect(['service_started', 'service_healthy', 'service_completed_successfully']).toContain(condition);
        if (condition === 'service_healthy') expect(services[dependency]!.healthcheck).toBeDefined();
      }
  });

  it('declares every named volume it mounts', () => {
    for (const service of Object.values(services))
      for (const volume of service.volumes ?? []) {
        const source = volume.split(':')[0]!;
        expect(Object.keys(compose.volumes)).toContain(source);
      }
  });

  it('runs two projection-service instances, which share the work through leases', () =>
    expect(services['projection-service']!.deploy?.replicas).toBe(2));

  describe.each(applications)('%s', (name) => {
    const service = services[name]!;
    const env = service.environment ?? {};

    it('starts an entry point that exists', () => {
      const entry = service.command!.at(-1)!;
      expect(entry).toMatch(/^server\/dist\/[\w-]+\.main\.js$/);
      expect(
        existsSync(join(root, entry.replace(/^server\/dist\//, 'server/src/').replace(/\.js$/, '.ts'))),
      ).toBe(true);
    });

    it('sets only variables the service reads, and they parse', () => {
      const known = Object.keys(schemas[name].shape);
      expect(Object.keys(env).filter((key) => !known.includes(key))).toEqual([]);
      // as compose interpolates them with nothing set in the shell, and as parseEnv drops empty ones
      const settings = Object.entries(env)
        .map(([key, value]) => [key, value.replace(/\$\{\w+:-([^}]*)\}/g, '$1')] as const)
        .filter(([, value]) => value !== '');
      expect(schemas[name].safeParse(Object.fromEntries(settings)).error?.issues ?? []).toEqual([]);
    });

    it('reads the token secret from the volume keygen writes, never from a literal', () => {
      expect(env.TOKEN_SECRET).toBeUndefined();
      expect(env.TOKEN_SECRET_FILE).toBe('/run/fahrplan/token.key');
      expect(services.keygen!.command!.join(' ')).toContain(env.TOKEN_SECRET_FILE);
    });

    it('points its store URLs at services of this file', () => {
      const hosts = Object.entries(env)
        // the public address is the browsers' way in, not a store
        .filter(([key]) => (key.endsWith('_URL') && key !== 'FAHRPLAN_PUBLIC_URL') || key === 'KAFKA_BROKERS')
        .map(([, value]) => (value.includes('://') ? new URL(value).hostname : value.split(':')[0]!));
      expect(hosts.length).toBeGreaterThan(0);
      for (const host of hosts) expect(serviceNames).toContain(host);
    });

    it('checks readiness on the port it listens on', () => {
      expect(service.healthcheck!.test.join(' ')).toContain(`localhost:${env.PORT}/api/ready`);
      expect(service.expose).toEqual([env.PORT]);
    });

    it('is the upstream the proxy routes to', () => expect(nginx).toContain(`server ${name}:${env.PORT};`));

    it("believes X-Forwarded-For only from the console's nginx, the proxy of this file", () => {
      expect(env.FAHRPLAN_TRUSTED_PROXIES).toBe('console');
      expect(services.console!.build?.target).toBe('console');
      expect(dockerfile).toMatch(/^FROM nginx[\w.:-]* AS console$/m);
      expect(nginx).toContain('proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;');
    });
  });
});

describe('the reverse proxy (deploy/nginx.conf)', () => {
  const route = (location: string) =>
    new RegExp(`location ${location} \\{[^}]*proxy_pass http://(\\w+);`).exec(nginx)?.[1];

  it('sends commands, sign-in and sheet imports (a file of up to 20 MB) to command-service', () => {
    expect(route('/api/commands/')).toBe('command_service');
    expect(route('/api/auth/')).toBe('command_service');
    expect(route('/api/imports')).toBe('command_service');
    expect(nginx).toMatch(
      new RegExp(`location /api/imports \\{[^}]*client_max_body_size ${importBytesMax / 1024 / 1024 + 1}m;`),
    );
  });

  it('sends every other API call, and the unbuffered change feed, to projection-service', () => {
    expect(route('/api/')).toBe('projection_service');
    expect(route('= /api/changes')).toBe('projection_service');
    expect(nginx).toMatch(/location = \/api\/changes \{[^}]*proxy_buffering off;/);
  });

  it('sends connection tests to tracker-sync, the only part that talks to the tracker', () =>
    expect(route('= /api/tracker/test')).toBe('tracker_sync'));

  it('gives the secrets key to the service that seals and those that open (tracker-sync, the webhook deliverer), from the volume keygen writes', () => {
    for (const name of ['command-service', 'tracker-sync', 'projection-service']) {
      expect(services[name]!.environment!.FAHRPLAN_TRACKER_KEY).toBeUndefined();
      expect(services[name]!.environment!.FAHRPLAN_TRACKER_KEY_FILE).toBe('/run/fahrplan/tracker.key');
    }
    expect(services.keygen!.command!.join(' ')).toContain('/run/fahrplan/tracker.key');
  });

  it('lets the shell name the private webhook hosts for the service that checks a saved address and the one that delivers', () => {
    for (const name of ['command-service', 'projection-service'])
      expect(services[name]!.environment!.FAHRPLAN_WEBHOOK_PRIVATE_HOSTS).toBe(
        '${FAHRPLAN_WEBHOOK_PRIVATE_HOSTS:-}',
      );
  });

  it('serves the console and falls back to index.html for its client-side routes', () =>
    expect(nginx).toMatch(/location \/ \{\s*try_files \$uri \/index\.html;/));

  it('is the configuration the console image copies', () =>
    expect(dockerfile).toContain('COPY deploy/nginx.conf /etc/nginx/conf.d/default.conf'));
});
