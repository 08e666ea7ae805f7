import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';

type Range = [ipaddr.IPv4 | ipaddr.IPv6, number];

/** IPv4-mapped IPv6 addresses (`::ffff:10.0.0.1`) as the IPv4 address they are. */
const parse = (address: string) => ipaddr.process(address);

/** An address or CIDR range of the list, or null for a host name. */
const rangeOf = (entry: string): Range | null => {
  const bare = entry.replace(/^\[|\]$/g, '');
  if (ipaddr.isValid(bare)) {
    const address = parse(bare);
    return [address, address.kind() === 'ipv4' ? 32 : 128];
  }
  try {
    return ipaddr.parseCIDR(bare);
  } catch {
    return null;
  }
};

const within = (address: ipaddr.IPv4 | ipaddr.IPv6, range: Range) =>
  address.kind() === range[0].kind() && (address as ipaddr.IPv4).match(range as [ipaddr.IPv4, number]);

export interface TrustedProxies {
  /** Express's `trust proxy` function: whether the hop at `address` may name the client. */
  readonly trust: (address: string) => boolean;
  /** Resolves once the host names have been looked up for the first time. */
  readonly ready: Promise<void>;
}

/**
 * The reverse proxies whose `X-Forwarded-For` is believed: addresses, CIDR ranges and host names
 * (a compose service's name, looked up at start and every `refreshMs`, since a container's address
 * changes when it is recreated). Any other peer is the client itself, whatever it sends.
 */
export const trustedProxies = (
  entries: readonly string[],
  { refreshMs = 60_000 }: { refreshMs?: number } = {},
): TrustedProxies => {
  const fixed: Range[] = [];
  const hosts: string[] = [];
  for (const entry of entries) {
    const range = rangeOf(entry);
    if (range) fixed.push(range);
    else hosts.push(entry);
  }
  let resolved: Range[] = [];
  const refresh = async () => {
    const found = await Promise.all(
      hosts.map((host) =>
        lookup(host, { all: true }).then(
          (addresses) => addresses.map(({ address }) => rangeOf(address)!),
          // a proxy that does not resolve (yet) is trusted once it does
          () => [],
        ),
      ),
    );
    resolved = found.flat();
  };
  if (hosts.length > 0) setInterval(() => void refresh(), refreshMs).unref();
  return {
    trust: (address) => {
      if (!ipaddr.isValid(address)) return false;
      const parsed = parse(address);
      return fixed.some((range) => within(parsed, range)) || resolved.some((range) => within(parsed, range));
    },
    ready: hosts.length > 0 ? refresh() : Promise.resolve(),
  };
};

/** The trusted proxies of a configuration, looked up once before the service answers; none for an empty list. */
export const trustedProxiesOf = async (entries: readonly string[]): Promise<TrustedProxies | undefined> => {
  if (entries.length === 0) return undefined;
  const proxies = trustedProxies(entries);
  await proxies.ready;
  return proxies;
};
