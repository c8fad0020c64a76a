/**
 * The origin (scheme://host[:port]) of the absolute links the server must make: PayPal's return and
 * cancel addresses, links in e-mails and texts, the public giving page's address shown to staff.
 * Everything the browser itself fetches is relative instead (signed file links, the socket), so it
 * works from whatever address the app was opened at.
 *
 *   const origin = linkOrigin(request);   // 'http://127.0.0.1:3000' (development), PUBLIC_URL (production)
 *
 * - NODE_ENV=production: always PUBLIC_URL, whatever the Host header says.
 * - Otherwise: the request's own scheme and Host when the Host's name is allowed: localhost,
 *   127.0.0.1, ::1, PUBLIC_URL's host, ALLOWED_HOSTS, and (HOST=0.0.0.0 or ::) this machine's own
 *   addresses, so a phone on the LAN gets links back to the address it used. Any other Host (or a
 *   malformed one) falls back to PUBLIC_URL: a forged Host header is never reflected into a link.
 *
 * The Host is the one Fastify reads (X-Forwarded-Host only from a proxy TRUST_PROXY trusts); any port
 * on an allowed name is kept (a dev proxy such as Vite's sits on its own port).
 */
import type { FastifyRequest } from 'fastify';
import os from 'node:os';
import { isIP } from 'node:net';
import type { Config } from '../config';

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];
const WILDCARD_HOSTS = ['0.0.0.0', '::', '[::]'];
/** A Host header: a name, an IPv4 address or a bracketed IPv6 address, and an optional port. */
const HOST_HEADER = /^(\[[0-9a-f:.]+\]|[a-z0-9](?:[a-z0-9.-]{0,251}[a-z0-9])?)(?::(\d{1,5}))?$/;

/** How a URL's hostname writes an address: IPv6 in brackets. */
function asUrlHostname(address: string): string {
  return isIP(address) === 6 ? `[${address.toLowerCase()}]` : address.toLowerCase();
}

/** The interface addresses of this machine (its LAN addresses), as a URL's hostname writes them. */
function machineAddresses(): string[] {
  return Object.values(os.networkInterfaces())
    .flatMap((list) => list ?? [])
    .map((entry) => asUrlHostname(entry.address.replace(/%.*$/, '')));
}

/** The host names (as a URL's hostname writes them) whose Host header links may follow outside production. */
export function allowedLinkHosts(config: Pick<Config, 'publicUrl' | 'allowedHosts' | 'host'>, ownAddresses: () => string[] = machineAddresses): ReadonlySet<string> {
  const hosts = new Set([...LOOPBACK_NAMES, new URL(config.publicUrl).hostname, ...config.allowedHosts]);
  if (WILDCARD_HOSTS.includes(config.host)) for (const address of ownAddresses()) hosts.add(address);
  else hosts.add(asUrlHostname(config.host));
  return hosts;
}

const allowedByConfig = new WeakMap<object, ReadonlySet<string>>();

function allowedFor(config: Config): ReadonlySet<string> {
  let hosts = allowedByConfig.get(config);
  if (!hosts) allowedByConfig.set(config, (hosts = allowedLinkHosts(config)));
  return hosts;
}

/**
 * The origin links carry for a request with this scheme and Host (see the module comment); `allowed`
 * is `allowedLinkHosts(config)`.
 */
export function originFor(config: Pick<Config, 'nodeEnv' | 'publicUrl'>, allowed: ReadonlySet<string>, protocol: string, host: string | undefined): string {
  if (config.nodeEnv === 'production') return config.publicUrl;
  const match = HOST_HEADER.exec((host ?? '').toLowerCase());
  if (!match || (protocol !== 'http' && protocol !== 'https')) return config.publicUrl;
  const [, name, port] = match;
  if (!allowed.has(name!) || (port !== undefined && (Number(port) < 1 || Number(port) > 65535))) return config.publicUrl;
  if (name!.startsWith('[') && isIP(name!.slice(1, -1)) !== 6) return config.publicUrl;
  return new URL(`${protocol}://${name}${port === undefined ? '' : `:${port}`}`).origin;
}

/** The origin of the absolute links made for `request`: PUBLIC_URL in production, else its allowed Host. */
export function linkOrigin(request: FastifyRequest): string {
  const config = request.server.config;
  return originFor(config, allowedFor(config), request.protocol, request.host);
}
