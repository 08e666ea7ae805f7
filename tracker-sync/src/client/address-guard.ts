import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';

/**
 * Whether the client may connect to a host: a tenant administrator types the tracker's address, so
 * without this check the server could be made to call its own network (cloud metadata, databases,
 * admin ports). Public unicast addresses pass; loopback, private, link-local, unique-local and other
 * special ranges pass only for the hosts of `allowed` (e.g. a tracker inside the company network).
 * The check resolves the name before the request, so it does not stop DNS rebinding.
 */
export type AddressGuard = (hostname: string) => Promise<void>;

export class RefusedAddressError extends Error {
  override readonly name = 'RefusedAddressError';
  constructor(
    readonly hostname: string,
    readonly address: string,
    readonly range: string,
  ) {
    super(`${hostname} resolves to ${address} (${range})`);
  }
}

const bare = (hostname: string) => hostname.replace(/^\[|\]$/g, '').toLowerCase();

export const publicAddressesOnly =
  (allowed: readonly string[] = []): AddressGuard =>
  async (hostname) => {
    const host = bare(hostname);
    if (allowed.some((entry) => bare(entry) === host)) return;
    const addresses = ipaddr.isValid(host)
      ? [host]
      : (await lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);
    for (const address of addresses) {
      let parsed = ipaddr.parse(address);
      if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress())
        parsed = (parsed as ipaddr.IPv6).toIPv4Address();
      const range = parsed.range();
      if (range !== 'unicast') throw new RefusedAddressError(hostname, address, range);
    }
  };
