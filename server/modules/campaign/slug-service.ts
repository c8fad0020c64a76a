/** The live slug check of the campaign form: valid, free, and a free suggestion when not. */
import type { FastifyInstance } from 'fastify';
import type { SlugCheckData } from '../../../domain/campaign';
import { isValidSlug, SLUG_MAX_LENGTH, suggestSlug } from '../../../domain/validation/campaign';
import { findSlugOwner, listSlugsLike } from './repository';

/** `base`, else `base-2`, `base-3` … whichever is free (null when nothing sensible is). */
async function freeSlugNear(app: FastifyInstance, base: string): Promise<string | null> {
  if (!isValidSlug(base)) return null;
  const taken = new Set(await listSlugsLike(app.db, base));
  if (!taken.has(base)) return base;
  for (let n = 2; n < 1000; n++) {
    const suffix = `-${n}`;
    const candidate = `${base.slice(0, SLUG_MAX_LENGTH - suffix.length).replace(/-+$/, '')}${suffix}`;
    if (!taken.has(candidate) && isValidSlug(candidate)) return candidate;
  }
  return null;
}

/** `campaignId`: the campaign being edited (its own slug counts as available). */
export async function checkSlug(app: FastifyInstance, raw: string, campaignId?: string): Promise<SlugCheckData> {
  const slug = raw.trim();
  if (!isValidSlug(slug)) {
    return { slug, available: false, reason: 'invalid', suggestion: await freeSlugNear(app, suggestSlug(slug)) };
  }
  const owner = await findSlugOwner(app.db, slug);
  if (!owner || owner === campaignId) return { slug, available: true, reason: null, suggestion: null };
  return { slug, available: false, reason: 'taken', suggestion: await freeSlugNear(app, slug) };
}
