/**
 * Helpers for campaign, team and permission tests: the seeded demo team signed in, campaigns made
 * through the API, members added directly.
 */
import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import type { SigninData } from '../../domain/auth/api-contract';
import type { CampaignView } from '../../domain/campaign';
import { campaignMembers } from '../db/schema';
import { DEMO_MANAGER_EMAIL, DEMO_OWNER_EMAIL, DEMO_STAFF_EMAIL } from '../db/seed';
import { DEMO_PASSWORD, post, signIn } from './auth-helpers';
import type { TestApp } from './test-db';

export type Session = SigninData & { userId: string; token: string };

/** A sign-in answer with the user id and the bearer token at hand. */
export function toSession(data: SigninData): Session {
  return { ...data, userId: data.user.userId, token: data.idToken };
}

/** The seeded demo owner, manager or staff member (needs `buildTestApp({ seed: true })`). */
export async function demoSignIn(t: TestApp, who: 'owner' | 'manager' | 'staff'): Promise<Session> {
  const email = { owner: DEMO_OWNER_EMAIL, manager: DEMO_MANAGER_EMAIL, staff: DEMO_STAFF_EMAIL }[who];
  return toSession(await signIn(t, email, DEMO_PASSWORD));
}

export function del(t: TestApp, url: string, token?: string) {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  return t.app.inject({ method: 'DELETE', url, headers });
}

export function request(t: TestApp, method: InjectOptions['method'], url: string, token?: string, payload?: unknown) {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  return t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }) });
}

let counter = 0;

/** A valid create_campaign body with a unique slug. */
export function campaignBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  counter += 1;
  const slug = `test-campaign-${Date.now().toString(36)}-${counter}`;
  return {
    campaign_name: `Test Campaign ${counter}`,
    slug,
    office_sought: 'mayor',
    election_cycle: '2025',
    compliance_rule_set: 'nyc_cfb',
    participant_status: 'participant',
    party: 'Democratic',
    ...overrides,
  };
}

/** create_campaign through the API as `token`; the campaign is pending and `token`'s user its owner. */
export async function createCampaign(t: TestApp, token: string, overrides: Record<string, unknown> = {}): Promise<CampaignView> {
  const res = await post(t, '/campaign/create_campaign', campaignBody(overrides), token);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as CampaignView;
}

/** Adds a membership directly (invitations are tested on their own). */
export async function addMember(t: TestApp, campaignId: string, userId: string, role: string): Promise<void> {
  await t.db.insert(campaignMembers).values({ campaignId, userId, role });
  await t.app.changes.sync(); // written outside the API: wait until the read caches have seen it
}
