import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from '@jest/globals';
import { publicAddressesOnly, RefusedAddressError } from '@fahrplan/platform';
import { testTrackerConnection } from './tracker-client';

describe('publicAddressesOnly', () => {
  const guard = publicAddressesOnly();

  it.each([
    ['127.0.0.1', 'loopback'],
    ['10.1.2.3', 'private'],
    ['192.168.0.10', 'private'],
    ['169.254.169.254', 'linkLocal'],
    ['[::1]', 'loopback'],
    ['[::ffff:127.0.0.1]', 'loopback'],
    ['[fd00::1]', 'uniqueLocal'],
    ['0.0.0.0', 'unspecified'],
    ['localhost', 'loopback'],
  ])('refuses %s (%s)', async (host, range) => {
    const refused = await guard(host).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RefusedAddressError);
    expect((refused as RefusedAddressError).range).toBe(range);
  });

  it('lets public addresses through, and the hosts an operator allowed', async () => {
    await expect(guard('8.8.8.8')).resolves.toBeUndefined();
    await expect(guard('[2606:4700::1111]')).resolves.toBeUndefined();
    await expect(publicAddressesOnly(['localhost', '10.1.2.3'])('LOCALHOST')).resolves.toBeUndefined();
    await expect(publicAddressesOnly(['10.1.2.3'])('10.1.2.3')).resolves.toBeUndefined();
  });
});

describe('the client towards addresses it must not follow', () => {
  it('refuses an internal address before sending anything, naming the step "url"', async () => {
    let reached = false;
    const server = createServer((_req, res) => {
      reached = true;
      res.end('{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const result = await testTrackerConnection({
        baseUrl: `http://127.0.0.1:${port}`,
        deployment: 'cloud',
        auth: { mode: 'pat', token: 'secret-token' },
        guard: publicAddressesOnly(),
      });
      expect(result).toMatchObject({ ok: false, step: 'url', failure: { code: 'refused_address' } });
      if (!result.ok)
        expect(result.failure.message).toMatch(/127\.0\.0\.1.*loopback.*FAHRPLAN_TRACKER_PRIVATE_HOSTS/);
      expect(reached).toBe(false);
    } finally {
      server.close();
    }
  });

  it('does not follow a redirect (it could carry the credentials elsewhere)', async () => {
    const seen: string[] = [];
    const server = createServer((req, res) => {
      seen.push(`${req.url} ${req.headers.authorization ?? ''}`);
      if (req.url?.startsWith('/elsewhere')) return res.end('{}');
      res.writeHead(302, { location: '/elsewhere/rest/api/3/serverInfo' }).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const result = await testTrackerConnection({
        baseUrl: `http://127.0.0.1:${port}`,
        deployment: 'cloud',
        auth: { mode: 'pat', token: 'secret-token' },
      });
      expect(result).toMatchObject({ ok: false, failure: { status: 302 } });
      expect(seen).toHaveLength(1);
    } finally {
      server.close();
    }
  });
});
