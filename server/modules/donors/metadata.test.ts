import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MetadataListData } from '../../../domain/donor-book/tags-notes-contract';
import { donorMetadata } from '../../db/schema';
import { ManualClock } from '../../plugins/clock';
import { activeUser, post } from '../../test/auth-helpers';
import { del, demoSignIn, toSession, type Session } from '../../test/campaign-helpers';
import { addDonor, auditOf, customCampaign, getJson, P, path } from '../../test/donor-book-helpers';
import { buildTestApp, type TestApp } from '../../test/test-db';

describe('tags and notes', () => {
  let t: TestApp;
  let owner: Session;
  let outsider: Session;
  let campaignId: string;
  let otherCampaignId: string;
  let donorId: string;
  const clock = new ManualClock(new Date('2025-06-15T12:00:00Z'));
  const add = (kind: string, value: unknown, donor = donorId) => post(t, P.addMetadata, { campaign_id: campaignId, donor_id: donor, kind, value }, owner.token);

  beforeAll(async () => {
    t = await buildTestApp({ seed: true, clock });
    owner = await demoSignIn(t, 'owner');
    campaignId = await customCampaign(t, owner.token);
    donorId = (await addDonor(t, owner.token, campaignId)).donor_id;
    outsider = toSession(await activeUser(t, 'metadata-outsider@example.org'));
    otherCampaignId = await customCampaign(t, outsider.token);
  });
  afterAll(async () => {
    await t.close();
  });

  it('add_metadata: a tag (trimmed) and a note, with who wrote them; audited', async () => {
    const tag = await add('tag', '  Major donor ');
    expect(tag.statusCode, tag.body).toBe(201);
    expect(tag.json()).toMatchObject({
      message_code: 'METADATA_ADDED',
      data: { donor_id: donorId, kind: 'tag', value: 'Major donor', created_at: '2025-06-15T12:00:00.000Z', created_by: { user_id: owner.userId, name: 'Demo Owner' } },
    });
    clock.advance(1000);
    const note = await add('note', 'Met at the town hall.\nLikes education policy.');
    expect(note.statusCode, note.body).toBe(201);
    expect(note.json().data).toMatchObject({ kind: 'note', value: 'Met at the town hall.\nLikes education policy.' });
    expect((await auditOf(t, campaignId, 'tag.created'))[0]!.details).toMatchObject({ entity: 'tag', entity_id: tag.json().data.metadata_id, after: { value: 'Major donor' } });
    expect(await auditOf(t, campaignId, 'note.created')).toHaveLength(1);
  });

  it('a tag is unique per donor case-insensitively → 409 TAG_EXISTS; another donor may have it', async () => {
    const res = await add('tag', 'MAJOR DONOR');
    expect([res.statusCode, res.json()]).toEqual([409, { code: 'TAG_EXISTS', message: 'The donor already has this tag' }]);
    const other = await addDonor(t, owner.token, campaignId);
    expect((await add('tag', 'major donor', other.donor_id)).statusCode).toBe(201);
  });

  it('validation: kind, value required, a tag ≤ 40 characters on one line, a note ≤ 2000', async () => {
    const res = await post(t, P.addMetadata, { campaign_id: campaignId, donor_id: donorId, kind: 'label', value: '   ' }, owner.token);
    expect(res.json().details.fields).toEqual({ kind: 'Kind must be tag or note', value: 'Please enter a tag or a note' });
    expect((await add('tag', 'x'.repeat(41))).json().details.fields).toEqual({ value: 'A tag should be at most 40 characters' });
    expect((await add('tag', 'two\nlines')).json().details.fields).toEqual({ value: 'A tag must fit on one line' });
    expect((await add('note', 'x'.repeat(2001))).json().details.fields).toEqual({ value: 'Note should be at most 2000 characters' });
    expect((await add('note', 'x'.repeat(2000))).statusCode).toBe(201);
    const unknownDonor = await add('note', 'hello', '00000000-0000-4000-8000-000000000004');
    expect([unknownDonor.statusCode, unknownDonor.json().code]).toEqual([404, 'DONOR_NOT_FOUND']);
  });

  it('update_metadata, get_metadata, delete_metadata; audited', async () => {
    const tag = (await add('tag', 'Volunteer')).json().data;
    clock.advance(60_000);
    const updated = await post(t, P.updateMetadata, { campaign_id: campaignId, metadata_id: tag.metadata_id, value: 'Volunteer lead' }, owner.token);
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ message_code: 'METADATA_UPDATED', data: { value: 'Volunteer lead', updated_at: '2025-06-15T12:01:01.000Z' } });
    const clash = await post(t, P.updateMetadata, { campaign_id: campaignId, metadata_id: tag.metadata_id, value: 'major DONOR' }, owner.token);
    expect([clash.statusCode, clash.json().code]).toEqual([409, 'TAG_EXISTS']);
    const tooLong = await post(t, P.updateMetadata, { campaign_id: campaignId, metadata_id: tag.metadata_id, value: 'y'.repeat(41) }, owner.token);
    expect([tooLong.statusCode, tooLong.json().details.fields]).toEqual([400, { value: 'A tag should be at most 40 characters' }]);
    const got = await getJson(t, path(P.getMetadata, { campaignId, metadataId: tag.metadata_id }), owner.token);
    expect(got.json().data).toMatchObject({ metadata_id: tag.metadata_id, kind: 'tag', value: 'Volunteer lead' });
    const [entry] = await auditOf(t, campaignId, 'tag.updated');
    expect(entry!.details).toMatchObject({ before: { value: 'Volunteer' }, after: { value: 'Volunteer lead' } });
    const removed = await del(t, path(P.deleteMetadata, { campaignId, metadataId: tag.metadata_id }), owner.token);
    expect(removed.json()).toMatchObject({ message_code: 'METADATA_DELETED', data: { metadata_id: tag.metadata_id } });
    expect(await t.db.select().from(donorMetadata).where(eq(donorMetadata.id, tag.metadata_id))).toEqual([]);
    expect(await auditOf(t, campaignId, 'tag.deleted')).toHaveLength(1);
    const gone = await getJson(t, path(P.getMetadata, { campaignId, metadataId: tag.metadata_id }), owner.token);
    expect([gone.statusCode, gone.json().code]).toEqual([404, 'METADATA_NOT_FOUND']);
  });

  it('list_metadata: newest first, filters donor_id and kind, paging', async () => {
    const all = (await getJson(t, `${path(P.listMetadata, { campaignId })}?donor_id=${donorId}`, owner.token)).json().data as MetadataListData;
    expect(all.metadata_list.every((m) => m.donor_id === donorId)).toBe(true);
    const times = all.metadata_list.map((m) => m.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    const notes = (await getJson(t, `${path(P.listMetadata, { campaignId })}?donor_id=${donorId}&kind=note`, owner.token)).json().data as MetadataListData;
    expect(notes.metadata_list.every((m) => m.kind === 'note')).toBe(true);
    expect(notes.total).toBe(2);
    const paged = (await getJson(t, `${path(P.listMetadata, { campaignId })}?donor_id=${donorId}&limit=1&page=2`, owner.token)).json().data as MetadataListData;
    expect([paged.metadata_list.length, paged.total, paged.page]).toEqual([1, all.total, 2]);
  });

  it("tenancy: campaign B's member cannot read, change or delete A's tags and notes (404), nor tag A's donor", async () => {
    const tag = (await add('tag', 'Private')).json().data;
    const read = await getJson(t, path(P.getMetadata, { campaignId: otherCampaignId, metadataId: tag.metadata_id }), outsider.token);
    expect([read.statusCode, read.json().code]).toEqual([404, 'METADATA_NOT_FOUND']);
    const update = await post(t, P.updateMetadata, { campaign_id: otherCampaignId, metadata_id: tag.metadata_id, value: 'Hacked' }, outsider.token);
    expect([update.statusCode, update.json().code]).toEqual([404, 'METADATA_NOT_FOUND']);
    const remove = await del(t, path(P.deleteMetadata, { campaignId: otherCampaignId, metadataId: tag.metadata_id }), outsider.token);
    expect([remove.statusCode, remove.json().code]).toEqual([404, 'METADATA_NOT_FOUND']);
    const addToA = await post(t, P.addMetadata, { campaign_id: otherCampaignId, donor_id: donorId, kind: 'tag', value: 'x' }, outsider.token);
    expect([addToA.statusCode, addToA.json().code]).toEqual([404, 'DONOR_NOT_FOUND']);
    const list = (await getJson(t, `${path(P.listMetadata, { campaignId: otherCampaignId })}?donor_id=${donorId}`, outsider.token)).json().data as MetadataListData;
    expect(list).toMatchObject({ metadata_list: [], total: 0 });
    expect((await t.db.select().from(donorMetadata).where(eq(donorMetadata.id, tag.metadata_id)))[0]!.value).toBe('Private');
  });
});
