/**
 * The donor book API, a donor's tags and notes (SPEC §7 Donors, metadata).
 * Shared by the SPA and the server; paths are DONOR_BOOK_PATHS of ./api-contract.ts, money is
 * integer cents, dates 'YYYY-MM-DD'. Pure TypeScript: no React, no Node.
 */
import type { Paged } from './api-contract';
import type { MetadataKind } from './enums';

export interface AddMetadataRequest {
  campaign_id: string;
  donor_id: string;
  kind: MetadataKind;
  /** A tag (≤ 40 characters) or a note (≤ 2000). */
  value: string;
}
export interface UpdateMetadataRequest {
  campaign_id: string;
  metadata_id: string;
  value: string;
}
export interface MetadataRow {
  metadata_id: string;
  donor_id: string;
  kind: MetadataKind;
  value: string;
  created_at: string;
  updated_at: string;
  created_by: { user_id: string; name: string } | null;
}
/** list_metadata: query donor_id (optional), kind (optional). */
export interface MetadataListData extends Paged {
  metadata_list: MetadataRow[];
}
