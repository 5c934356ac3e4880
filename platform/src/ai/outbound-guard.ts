import { lookup as dnsLookup } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { AiCallError } from '@ai-coaching/domain';
import { Agent, buildConnector, fetch as undiciFetch, type RequestInit as UndiciRequestInit } from 'undici';

/**
 * The safety of outbound provider calls (issue 10 item 5). A provider URL is chosen by people (an
 * organization brings its own OpenAI-compatible server), so the server must not become a way into its
 * own network: only https, no loopback, private, link-local or shared addresses unless the deployment
 * opts in with AI_ALLOW_PRIVATE_NETWORK (a self-hosted Ollama on the LAN), and never the cloud metadata
 * service, which hands out the machine's credentials. The check runs twice: on the URL as written
 * (`checkProviderUrl`, also when a provider is saved) and on every address the name resolves to at
 * connection time (`createGuardedFetch`), so a DNS name pointing inside, or rebinding between the two,
 * is caught too.
 */

export type OutboundPolicy = {
  /** AI_ALLOW_PRIVATE_NETWORK: loopback, private, link-local and shared addresses allowed, plain http to them. */
  allowPrivateNetwork: boolean;
};

export type AddressKind =
  'public' | 'metadata' | 'loopback' | 'private' | 'link_local' | 'shared' | 'unspecified' | 'multicast' | 'reserved';

/** Refused even with AI_ALLOW_PRIVATE_NETWORK=true. */
const ALWAYS_REFUSED: ReadonlySet<AddressKind> = new Set(['metadata', 'multicast', 'reserved']);

const KIND_TEXT: Record<Exclude<AddressKind, 'public'>, string> = {
  metadata: 'the cloud metadata service',
  loopback: 'a loopback address',
  private: 'a private network address',
  link_local: 'a link-local address',
  shared: 'a carrier-grade NAT (shared) address',
  unspecified: 'an unspecified address',
  multicast: 'a multicast address',
  reserved: 'a reserved address',
};

// AWS/GCP/Azure/Oracle metadata, the AWS ECS credentials endpoint, and Alibaba Cloud's metadata.
const METADATA_V4 = new Set(['169.254.169.254', '169.254.170.2', '100.100.100.200']);
// AWS's IPv6 metadata endpoint, fd00:ec2::254.
const METADATA_V6 = 'fd00:0ec2:0000:0000:0000:0000:0000:0254';

const parseIPv4 = (text: string): number | undefined => {
  const parts = text.split('.');
  if (parts.length !== 4) return undefined;
  let value = 0;
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part) || Number(part) > 255) return undefined;
    value = value * 256 + Number(part);
  }
  return value;
};

const ipv4Text = (value: number) => [value >>> 24, (value >>> 16) & 255, (value >>> 8) & 255, value & 255].join('.');

const inV4 = (value: number, base: string, bits: number) => {
  const start = parseIPv4(base)!;
  const size = 2 ** (32 - bits);
  return value >= start && value < start + size;
};

const classifyIPv4 = (value: number): AddressKind => {
  if (METADATA_V4.has(ipv4Text(value))) return 'metadata';
  if (inV4(value, '0.0.0.0', 8)) return 'unspecified';
  if (inV4(value, '127.0.0.0', 8)) return 'loopback';
  if (inV4(value, '10.0.0.0', 8) || inV4(value, '172.16.0.0', 12) || inV4(value, '192.168.0.0', 16)) return 'private';
  if (inV4(value, '169.254.0.0', 16)) return 'link_local';
  if (inV4(value, '100.64.0.0', 10)) return 'shared';
  if (inV4(value, '224.0.0.0', 4)) return 'multicast';
  if (inV4(value, '240.0.0.0', 4)) return 'reserved';
  return 'public';
};

/** The 8 groups of an IPv6 address, or undefined when it is not one. Accepts `::` and a trailing dotted IPv4. */
const parseIPv6 = (input: string): number[] | undefined => {
  let text = input.replace(/%.*$/, '').toLowerCase();
  const dotted = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text);
  if (dotted) {
    const v4 = parseIPv4(dotted[1]!);
    if (v4 === undefined) return undefined;
    text = `${text.slice(0, dotted.index)}${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const groups = (part: string) => (part === '' ? [] : part.split(':'));
  const head = groups(halves[0]!);
  const tail = halves.length === 2 ? groups(halves[1]!) : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return undefined;
  const all = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail];
  if (all.some((group) => !/^[0-9a-f]{1,4}$/.test(group))) return undefined;
  return all.map((group) => parseInt(group, 16));
};

const embeddedIPv4 = (groups: number[]) => groups[6]! * 65536 + groups[7]!;

const classifyIPv6 = (groups: number[]): AddressKind => {
  const full = groups.map((group) => group.toString(16).padStart(4, '0')).join(':');
  if (full === METADATA_V6) return 'metadata';
  const zeroUpTo = (count: number) => groups.slice(0, count).every((group) => group === 0);
  if (zeroUpTo(8)) return 'unspecified';
  if (zeroUpTo(7) && groups[7] === 1) return 'loopback';
  // IPv4-mapped (::ffff:a.b.c.d), IPv4-translated (::ffff:0:a.b.c.d) and the old IPv4-compatible
  // (::a.b.c.d) forms reach the IPv4 address they carry, so they are judged as that address.
  if (zeroUpTo(5) && groups[5] === 0xffff) return classifyIPv4(embeddedIPv4(groups));
  if (zeroUpTo(4) && groups[4] === 0xffff && groups[5] === 0) return classifyIPv4(embeddedIPv4(groups));
  if (zeroUpTo(6)) return classifyIPv4(embeddedIPv4(groups));
  // NAT64 (64:ff9b::/96) and 6to4 (2002::/16) are routed to an embedded IPv4 address as well.
  if (groups[0] === 0x64 && groups[1] === 0xff9b && groups.slice(2, 6).every((group) => group === 0)) {
    return classifyIPv4(embeddedIPv4(groups));
  }
  if (groups[0] === 0x2002) return classifyIPv4(groups[1]! * 65536 + groups[2]!);
  const first = groups[0]!;
  if ((first & 0xfe00) === 0xfc00) return 'private';
  if ((first & 0xffc0) === 0xfe80) return 'link_local';
  // Site-local (fec0::/10), deprecated but still routed inside some networks.
  if ((first & 0xffc0) === 0xfec0) return 'private';
  if ((first & 0xff00) === 0xff00) return 'multicast';
  return 'public';
};

/** What kind of address an IP literal is, or undefined when the text is not an IP address. */
export const classifyAddress = (address: string): AddressKind | undefined => {
  const bare = address.replace(/^\[|\]$/g, '');
  const version = isIP(bare.replace(/%.*$/, ''));
  if (version === 4) return classifyIPv4(parseIPv4(bare)!);
  if (version === 6) {
    const groups = parseIPv6(bare);
    return groups ? classifyIPv6(groups) : undefined;
  }
  return undefined;
};

const ALLOW_HINT = 'Provider calls reach it only when the deployment sets AI_ALLOW_PRIVATE_NETWORK=true.';

/**
 * Why an address may not be reached under the policy, or undefined when it may. `plainHttp` asks whether
 * an unencrypted call may go there: only to the addresses AI_ALLOW_PRIVATE_NETWORK opens.
 */
export const addressRefusal = (
  host: string,
  address: string,
  policy: OutboundPolicy & { plainHttp?: boolean },
): AiCallError | undefined => {
  const kind = classifyAddress(address);
  if (kind === undefined) return new AiCallError('address_refused', `The provider address ${host} is not valid.`);
  const where = host === address ? host : `${host} (${address})`;
  if (kind === 'public') {
    if (!policy.plainHttp) return undefined;
    return new AiCallError(
      'address_refused',
      `The provider address ${where} is on the public internet: use https. Plain http is accepted only for private network addresses.`,
    );
  }
  if (ALWAYS_REFUSED.has(kind)) {
    return new AiCallError(
      'address_refused',
      `The provider address ${where} is ${KIND_TEXT[kind]}, which provider calls may never reach.`,
    );
  }
  if (!policy.allowPrivateNetwork) {
    return new AiCallError('address_refused', `The provider address ${where} is ${KIND_TEXT[kind]}. ${ALLOW_HINT}`);
  }
  return undefined;
};

/**
 * Checks a provider URL as written: https (plain http only with AI_ALLOW_PRIVATE_NETWORK, and then
 * only to private addresses, which for a host name is checked once it is resolved), no credentials in
 * it, and no refused IP address. Answers the parsed URL; throws AiCallError 'address_refused'.
 */
export const checkProviderUrl = (url: string | URL, policy: OutboundPolicy): URL => {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new AiCallError('address_refused', 'The provider URL is not a valid URL.');
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    throw new AiCallError('address_refused', `The provider URL must start with https:// (not ${parsed.protocol}//).`);
  }
  if (parsed.username || parsed.password) {
    throw new AiCallError(
      'address_refused',
      'The provider URL must not contain a user name or password: store the key as a service key.',
    );
  }
  const plainHttp = parsed.protocol === 'http:';
  if (plainHttp && !policy.allowPrivateNetwork) {
    throw new AiCallError(
      'address_refused',
      `The provider URL must use https. Plain http is accepted only for private network addresses, when the deployment sets AI_ALLOW_PRIVATE_NETWORK=true.`,
    );
  }
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) {
    const refusal = addressRefusal(parsed.hostname, host, { ...policy, plainHttp });
    if (refusal) throw refusal;
  }
  return parsed;
};

/** Resolves a host name to every address it has (node:dns `lookup` with `all`), replaceable in tests. */
export type Resolver = (hostname: string, family?: number) => Promise<{ address: string; family: number }[]>;

const systemResolver: Resolver = (hostname, family) =>
  new Promise((resolve, reject) => {
    dnsLookup(hostname, { all: true, family: family ?? 0 }, (error, addresses) =>
      error ? reject(error) : resolve(addresses),
    );
  });

/**
 * The `lookup` handed to net/tls connect: it resolves the name itself and refuses when any of its
 * addresses is refused, so the socket connects only to an address that was checked (no window for DNS
 * rebinding between the check and the connection).
 */
export const guardedLookup =
  (policy: OutboundPolicy & { plainHttp: boolean }, resolver: Resolver): LookupFunction =>
  (hostname, options, callback) => {
    resolver(hostname, options.family === 4 || options.family === 6 ? options.family : undefined).then(
      (addresses) => {
        if (addresses.length === 0) {
          const error = Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
          callback(error, '', 0);
          return;
        }
        for (const { address } of addresses) {
          const refusal = addressRefusal(hostname, address, policy);
          if (refusal) {
            callback(refusal as NodeJS.ErrnoException, '', 0);
            return;
          }
        }
        if (options.all) callback(null, addresses);
        else callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };

/** A `fetch` as the openai SDK takes it. */
export type GuardedFetch = ((input: string | URL | Request, init?: RequestInit) => Promise<Response>) & {
  /** Closes the pooled connections (shutdown, end of a test). */
  close(): Promise<void>;
};

export type GuardedFetchOptions = OutboundPolicy & {
  /** Defaults to the system resolver; tests give names of their own. */
  resolver?: Resolver;
  /** How long establishing a connection may take (undici's default is 10 s). */
  connectTimeoutMs?: number;
};

const parseUrl = (text: string, base: URL): URL | undefined => {
  try {
    return new URL(text, base);
  } catch {
    return undefined;
  }
};

const refusalIn = (error: unknown): AiCallError | undefined => {
  for (let link = error, depth = 0; link && depth < 5; depth++) {
    if (link instanceof AiCallError) return link;
    link = link instanceof Error ? link.cause : undefined;
  }
  return undefined;
};

/**
 * undici's own fetch does not encode Node's global FormData (an SDK's multipart upload, such as a transcription):
 * it would send "[object FormData]" as text. The global Response encodes it, boundary and all.
 */
const withEncodedForm = async (init: RequestInit | undefined): Promise<RequestInit | undefined> => {
  if (!(init?.body instanceof FormData)) return init;
  const encoded = new Response(init.body);
  const headers = new Headers(init.headers);
  headers.set('content-type', encoded.headers.get('content-type')!);
  return { ...init, headers, body: new Uint8Array(await encoded.arrayBuffer()) };
};

const inputUrl = (input: string | URL | Request) =>
  typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;

/**
 * A fetch for provider calls: every URL is checked as written, every connection's resolved address is
 * checked (`guardedLookup`; IP literals, which skip the lookup, are checked before connecting), and
 * redirects are never followed: a redirect answer is an error, 'address_refused' when it points at a
 * refused address.
 */
export const createGuardedFetch = (options: GuardedFetchOptions): GuardedFetch => {
  const policy: OutboundPolicy = { allowPrivateNetwork: options.allowPrivateNetwork };
  const resolver = options.resolver ?? systemResolver;
  const timeout = options.connectTimeoutMs ?? 10_000;
  const connectors = {
    https: buildConnector({ timeout, lookup: guardedLookup({ ...policy, plainHttp: false }, resolver) }),
    http: buildConnector({ timeout, lookup: guardedLookup({ ...policy, plainHttp: true }, resolver) }),
  };
  const agent = new Agent({
    connect: (connectOptions, callback) => {
      const plainHttp = connectOptions.protocol !== 'https:';
      const host = connectOptions.hostname.replace(/^\[|\]$/g, '');
      if (isIP(host)) {
        const refusal = addressRefusal(host, host, { ...policy, plainHttp });
        if (refusal) {
          callback(refusal, null);
          return;
        }
      }
      (plainHttp ? connectors.http : connectors.https)(connectOptions, callback);
    },
  });

  /** Why a redirect target may not be reached, resolving its name as a connection would. */
  const redirectRefusal = async (target: URL): Promise<AiCallError | undefined> => {
    try {
      checkProviderUrl(target, policy);
    } catch (error) {
      if (error instanceof AiCallError) return error;
      throw error;
    }
    const host = target.hostname.replace(/^\[|\]$/g, '');
    if (isIP(host)) return undefined;
    const addresses = await resolver(host).catch(() => []);
    for (const { address } of addresses) {
      const refusal = addressRefusal(host, address, { ...policy, plainHttp: target.protocol === 'http:' });
      if (refusal) return refusal;
    }
    return undefined;
  };

  const guarded = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = checkProviderUrl(inputUrl(input), policy);
    const response = await undiciFetch(url, {
      ...((await withEncodedForm(init)) as UndiciRequestInit),
      redirect: 'manual',
      dispatcher: agent,
    }).catch((error: unknown) => {
      // undici wraps a connector's refusal in "fetch failed": hand the refusal itself to the caller.
      throw refusalIn(error) ?? error;
    });
    if (response.status >= 300 && response.status < 400) {
      const location = response.headers.get('location');
      await response.body?.cancel().catch(() => undefined);
      const target = location ? parseUrl(location, url) : undefined;
      // Only the origin: a redirect's path or query may carry a token.
      const where = target ? target.origin : 'another address';
      const refusal = target ? await redirectRefusal(target) : undefined;
      if (refusal) {
        throw new AiCallError(
          'address_refused',
          `The provider redirected to ${where}, which provider calls may not reach: ${refusal.message}`,
        );
      }
      throw new AiCallError(
        'provider_error',
        `The provider answered with a redirect (${response.status}) to ${where}; redirects are not followed. Set the address it points to as the provider's base URL.`,
        { status: response.status },
      );
    }
    return response as unknown as Response;
  };
  return Object.assign(guarded, { close: () => agent.close() });
};
