import type { FastifyServerOptions } from 'fastify';
import type { TrustProxy } from '../config';

/**
 * TRUST_PROXY as Fastify's `trustProxy` option. A hop count becomes "trust the first n hops" (as in
 * Express): this Fastify version ignores a bare number (it fails closed), so it is given as a function.
 * Addresses/CIDRs are checked against each hop, which is what makes a list the safe choice.
 */
export function trustProxyOption(trustProxy: TrustProxy): FastifyServerOptions['trustProxy'] {
  if (typeof trustProxy === 'number') {
    const hops = trustProxy;
    return (_address: string, hop: number) => hop < hops;
  }
  return typeof trustProxy === 'boolean' ? trustProxy : [...trustProxy];
}
