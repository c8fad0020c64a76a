import { skipToken } from '@reduxjs/toolkit/query/react';
import { useMemo } from 'react';
import { COMPLIANCE_RULE_SET_LABELS, type CampaignView, type ComplianceRuleSet } from '../../../domain/campaign';
import { isSystemRoleKey, SYSTEM_ROLES } from '../../../domain/permissions';
import { useAppSelector } from '../../app/hooks';
import { useElectionCyclesQuery, useOfficesQuery, useStatesQuery } from './api/campaign-api';

export interface CampaignLabels {
  office: (value: string | null) => string | null;
  cycle: (value: string | null) => string | null;
  state: (value: string | null) => string | null;
  ruleSet: (value: string) => string;
  /** The caller's role name: system role names, a custom role's name from the campaign list, else the key. */
  role: (campaignId: string, role: string | null) => string | null;
}

type LabelMap = Readonly<Record<string, string>>;
const toMap = (items: { value: string; label: string }[]): LabelMap => Object.fromEntries(items.map((i) => [i.value, i.label]));
const NO_ITEMS: { value: string; label: string }[] = [];
const useLabelMap = (items: { value: string; label: string }[] | undefined): LabelMap => useMemo(() => toMap(items ?? NO_ITEMS), [items]);
const lookup = (map: LabelMap) => (value: string | null) => (value === null || value === '' ? null : (map[value] ?? value));

/** Readable labels for a campaign's stored values (reference lists, domain label maps); raw values until they load. */
export function useCampaignLabels(campaign: Pick<CampaignView, 'office_sought'> | null): CampaignLabels {
  const list = useAppSelector((s) => s.campaign.allCampaignList);
  const office = campaign?.office_sought ?? '';
  // Reference lists: read once and shared with the campaign form (failures leave the raw values).
  const offices = useLabelMap(useOfficesQuery().data);
  const states = useLabelMap(useStatesQuery().data);
  const cycles = useLabelMap(useElectionCyclesQuery(office || skipToken).data);

  return {
    office: lookup(offices),
    cycle: lookup(cycles),
    state: lookup(states),
    ruleSet: (value) => COMPLIANCE_RULE_SET_LABELS[value as ComplianceRuleSet] ?? value,
    role: (campaignId, role) => {
      if (role === null) return null;
      if (isSystemRoleKey(role)) return SYSTEM_ROLES[role].name;
      return list.find((c) => c.campaign_id === campaignId)?.role_name ?? role;
    },
  };
}
