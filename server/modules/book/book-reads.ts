/**
 * What read-only requests of the donor book look up on every call (the campaign's rules and cycle,
 * the book's version), kept in memory until the database announces a change of the campaign or of
 * its book (db/change-feed.ts). Writes read the database (loadBookCampaign) instead.
 */
import type { FastifyInstance } from 'fastify';
import { loadBookCampaign, type BookCampaign } from './book-campaign';

const CAMPAIGN_CACHE_ENTRIES = 2_000;

export function readBookCampaign(app: FastifyInstance, campaignId: string): Promise<BookCampaign> {
  return app.changes
    .cache<BookCampaign>('book-campaign', CAMPAIGN_CACHE_ENTRIES)
    .get(campaignId, [`campaign:${campaignId}`, `book:${campaignId}`], () => loadBookCampaign(app.db, campaignId));
}

/** The book's version as of the last announced change (the cached campaign carries it). */
export async function readBookVersion(app: FastifyInstance, campaignId: string): Promise<number> {
  return (await readBookCampaign(app, campaignId)).version;
}
