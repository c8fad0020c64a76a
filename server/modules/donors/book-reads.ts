/**
 * What read-only requests of the donor book look up on every call (the campaign's rules and cycle,
 * the book's version), kept in memory until the database announces a change of the campaign or of
 * its book (db/change-feed.ts). Writes read the database (loadBookCampaign) instead.
 */
import type { FastifyInstance } from 'fastify';
import { loadBookCampaign, type BookCampaign } from './book-campaign';
import { findBookVersion } from './book-version-repository';

const CAMPAIGN_CACHE_ENTRIES = 2_000;

const topicsOf = (campaignId: string) => [`campaign:${campaignId}`, `book:${campaignId}`];

export function readBookCampaign(app: FastifyInstance, campaignId: string): Promise<BookCampaign> {
  return app.changes.cache<BookCampaign>('book-campaign', CAMPAIGN_CACHE_ENTRIES).get(campaignId, topicsOf(campaignId), () => loadBookCampaign(app.db, campaignId));
}

export function readBookVersion(app: FastifyInstance, campaignId: string): Promise<number> {
  return app.changes.cache<number>('book-version', CAMPAIGN_CACHE_ENTRIES).get(campaignId, topicsOf(campaignId), () => findBookVersion(app.db, campaignId));
}
