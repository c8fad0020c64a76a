/** The filings API (domain/filings/api-contract.ts) for the Filings page. */
import type { Regulator } from '../../../../domain/compliance/filing-periods';
import {
  FILING_PATHS,
  filingCheckUrl,
  filingPeriodsUrl,
  type FilingCheckData,
  type FilingPeriodsData,
  type StartFilingData,
  type StartFilingRequest,
} from '../../../../domain/filings/api-contract';
import { apiClient } from '../../../lib/api-client';

/** filing_periods: the regulator's periods of the campaign's cycle (the campaign's regulator when none is given). */
export async function getFilingPeriods(campaignId: string, regulator?: Regulator): Promise<FilingPeriodsData> {
  return (await apiClient.get<{ data: FilingPeriodsData }>(filingPeriodsUrl(campaignId), { params: regulator ? { regulator } : {} })).data.data;
}

/** filing_check: the pre-filing check of one period. */
export async function getFilingCheck(campaignId: string, regulator: Regulator, periodId: string): Promise<FilingCheckData> {
  return (await apiClient.get<{ data: FilingCheckData }>(filingCheckUrl(campaignId), { params: { regulator, period_id: periodId } })).data.data;
}

/** start_filing: the period's history entries (queued); the report job writes the files. */
export async function startFiling(body: StartFilingRequest): Promise<StartFilingData> {
  return (await apiClient.post<{ data: StartFilingData }>(FILING_PATHS.start, body)).data.data;
}
