/**
 * The signed, expiring link of one pledge that a reminder carries (/pay-your-donation?token=…): an
 * HS256 JWT naming the campaign and the pledge, valid 30 days, keyed from the server's token secret.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { SignJWT, jwtVerify } from 'jose';

const AUDIENCE = 'pledge-payment';
export const PLEDGE_LINK_DAYS = 30;

function keyOf(app: FastifyInstance): Uint8Array {
  return createHash('sha256').update(`pledge-link:${app.config.tokenSecret}`).digest();
}

/** The link at `origin` (linkOrigin of the staff member's request, plugins/link-origin.ts). */
export async function pledgeLinkUrl(app: FastifyInstance, campaignId: string, pledgeId: string, origin: string): Promise<string> {
  const now = Math.floor(app.clock.now().getTime() / 1000);
  const token = await new SignJWT({ cid: campaignId, pid: pledgeId })
    .setProtectedHeader({ alg: 'HS256' })
    .setAudience(AUDIENCE)
    .setIssuedAt(now)
    .setExpirationTime(now + PLEDGE_LINK_DAYS * 86_400)
    .sign(keyOf(app));
  return `${origin}/pay-your-donation?token=${encodeURIComponent(token)}`;
}

/** The campaign and pledge a token names, or null when it is not ours, tampered with or expired. */
export async function verifyPledgeLinkToken(app: FastifyInstance, token: string): Promise<{ cid: string; pid: string } | null> {
  try {
    const { payload } = await jwtVerify(token, keyOf(app), { audience: AUDIENCE, algorithms: ['HS256'], currentDate: app.clock.now() });
    return typeof payload.cid === 'string' && typeof payload.pid === 'string' ? { cid: payload.cid, pid: payload.pid } : null;
  } catch {
    return null;
  }
}
