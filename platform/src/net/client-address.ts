import net from 'node:net';

/** Loopback and the private ranges Docker networks (compose) and most LANs use. */
export const DEFAULT_TRUSTED_PROXIES = '127.0.0.0/8,::1,10.0.0.0/8,172.16.0.0/12,192.168.0.0/16,fc00::/7';

export type AddressRange = { address: string; prefix: number; family: 'ipv4' | 'ipv6' };

/** `203.0.113.7`, `10.0.0.0/8`, `::1` or `fd00::/8`; undefined for anything else. */
export const parseAddressRange = (entry: string): AddressRange | undefined => {
  const match = /^([^/]+)(?:\/(\d{1,3}))?$/.exec(entry.trim());
  if (!match) return undefined;
  const address = match[1]!.toLowerCase();
  const version = net.isIP(address);
  if (version === 0) return undefined;
  const bits = version === 4 ? 32 : 128;
  const prefix = match[2] === undefined ? bits : Number(match[2]);
  if (prefix > bits) return undefined;
  return { address, prefix, family: version === 4 ? 'ipv4' : 'ipv6' };
};

/**
 * The ranges of a `TRUSTED_PROXIES` value (comma-separated addresses and CIDRs, or `none`), or the entries that are
 * neither.
 */
export const parseTrustedProxies = (value: string): { ranges: readonly AddressRange[]; invalid: readonly string[] } => {
  if (value.trim().toLowerCase() === 'none') return { ranges: [], invalid: [] };
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const ranges = entries.map(parseAddressRange);
  return {
    ranges: ranges.filter((range): range is AddressRange => range !== undefined),
    invalid: entries.filter((_entry, index) => ranges[index] === undefined),
  };
};

/** Is the address in one of the ranges? IPv4-mapped IPv6 (`::ffff:10.0.0.5`) matches as its IPv4 address. */
export const addressMatcher = (ranges: readonly AddressRange[]): ((address: string) => boolean) => {
  const list = new net.BlockList();
  for (const { address, prefix, family } of ranges) list.addSubnet(address, prefix, family);
  return (address) => {
    const version = net.isIP(address);
    return version !== 0 && list.check(address, version === 4 ? 'ipv4' : 'ipv6');
  };
};

/** One X-Forwarded-For entry as an address: brackets and a port some proxies add are dropped. */
const hopAddress = (entry: string): string | undefined => {
  const trimmed = entry.trim();
  const candidate =
    /^\[([^\]]+)\](?::\d+)?$/.exec(trimmed)?.[1] ?? /^(\d+\.\d+\.\d+\.\d+):\d+$/.exec(trimmed)?.[1] ?? trimmed;
  return net.isIP(candidate) === 0 ? undefined : candidate.toLowerCase();
};

/**
 * The client's address: the TCP peer's, unless the peer is a trusted proxy; then X-Forwarded-For is read from the
 * right (each proxy appends the address it was reached from), and the first address that is not a trusted proxy is
 * the client. Entries left of it are whatever the client sent and are never read. An entry that is not an address
 * stops the walk at the last address a trusted hop vouched for, so a client can never choose its key.
 */
export const clientAddressOf = (
  peer: string | undefined,
  forwardedFor: string | undefined,
  isTrusted: (address: string) => boolean,
): string => {
  let client = peer ?? '';
  if (!forwardedFor || !isTrusted(client)) return client;
  const hops = forwardedFor.split(',');
  for (let index = hops.length - 1; index >= 0; index--) {
    const hop = hopAddress(hops[index]!);
    if (!hop) break;
    client = hop;
    if (!isTrusted(hop)) break;
  }
  return client;
};
