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
import { api } from '../../../lib/api';
import { showStarted } from './reports-api';

/** What the pre-filing check reads: any of these changing reads it again. */
const FILING_SOURCES = ['Filing', 'Campaign', 'Donor', 'Donation', 'Expense'] as const;

export const filingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** filing_periods: the regulator's periods of the campaign's cycle (the campaign's regulator when none is given). */
    filingPeriods: build.query<FilingPeriodsData, { campaignId: string; regulator?: Regulator }>({
      query: ({ campaignId, regulator }) => ({ url: filingPeriodsUrl(campaignId), params: regulator ? { regulator } : {} }),
      transformResponse: (body: { data: FilingPeriodsData }) => body.data,
      providesTags: ['Filing', 'Campaign'],
    }),
    /** filing_check: the pre-filing check of one period. */
    filingCheck: build.query<FilingCheckData, { campaignId: string; regulator: Regulator; periodId: string }>({
      query: ({ campaignId, regulator, periodId }) => ({ url: filingCheckUrl(campaignId), params: { regulator, period_id: periodId } }),
      transformResponse: (body: { data: FilingCheckData }) => body.data,
      providesTags: [...FILING_SOURCES],
    }),
    /** start_filing: the period's history entries (queued), shown in the history at once; the report job writes the files. */
    startFiling: build.mutation<StartFilingData, StartFilingRequest>({
      query: (body) => ({ url: FILING_PATHS.start, method: 'POST', data: body }),
      transformResponse: (body: { data: StartFilingData }) => body.data,
      onQueryStarted: async (body, { dispatch, queryFulfilled }) => {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(showStarted(body.campaign_id, 'filing', data.entries));
      },
      invalidatesTags: (_result, error) => (error ? [] : ['Report']),
    }),
  }),
});

export const { useFilingPeriodsQuery, useFilingCheckQuery, useStartFilingMutation } = filingsApi;
