import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';

/**
 * Whether the client may connect to a host (and port): a tenant administrator types the tracker's
 * or a webhook's address, so without this check the server could be made to call its own network (cloud metadata,
 * databases, admin ports). Public unicast addresses pass; loopback, private, link-local, unique-local
 * and other special ranges pass only for the entries of `allowed`: a host (any port, e.g. a tracker
 * inside the company network) or a host and port (`localhost:3000`, the embedded demo tracker). A
 * refused address is refused before any connection, so its answer is the same whether a port is open
 * or not. The check resolves the name before the request, so it does not stop DNS rebinding.
 */
export type AddressGuard = (hostname: string, port?: string) => Promise<void>;

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

/** An allowed entry as host and port: `host`, `host:port`, `[v6]:port`; a bare IPv6 address has no port. */
const entryOf = (entry: string): { host: string; port?: string } => {
  const withPort = /^(\[[^\]]+\]|[^:]+):(\d+)$/.exec(entry.trim());
  return withPort ? { host: bare(withPort[1]!), port: withPort[2]! } : { host: bare(entry.trim()) };
};

export const publicAddressesOnly =
  (allowed: readonly string[] = []): AddressGuard =>
  async (hostname, port) => {
    const host = bare(hostname);
    const entries = allowed.map(entryOf);
    if (entries.some((entry) => entry.host === host && (entry.port === undefined || entry.port === port)))
      return;
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
