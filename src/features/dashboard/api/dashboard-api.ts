import type { ApiSuccess } from '../../../../domain/auth/api-contract';
import { DONOR_BOOK_PATHS, donorBookPath } from '../../../../domain/donor-book/api-contract';
import type { CycleStatsData, MonthlyStatsData, TotalStats } from '../../../../domain/donor-book/dashboard-contract';
import { api } from '../../../lib/api';

/** Months shown by the dashboard chart (monthly-stats accepts 1–36). */
export const CHART_MONTHS = 12;

/** What the figures are sums of: any of these changing reads them again. */
const DASHBOARD_SOURCES = ['Dashboard', 'Donor', 'Pledge', 'Donation', 'Expense', 'Campaign'] as const;

export const dashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    totalStats: build.query<TotalStats, string>({
      query: (campaignId) => ({ url: donorBookPath(DONOR_BOOK_PATHS.totalStats, { campaignId }) }),
      transformResponse: (body: ApiSuccess<TotalStats>) => body.data,
      providesTags: [...DASHBOARD_SOURCES],
    }),
    monthlyStats: build.query<MonthlyStatsData, { campaignId: string; months?: number }>({
      query: ({ campaignId, months = CHART_MONTHS }) => ({ url: donorBookPath(DONOR_BOOK_PATHS.monthlyStats, { campaignId }), params: { months } }),
      transformResponse: (body: ApiSuccess<MonthlyStatsData>) => body.data,
      providesTags: [...DASHBOARD_SOURCES],
    }),
    cycleStats: build.query<CycleStatsData, string>({
      query: (campaignId) => ({ url: donorBookPath(DONOR_BOOK_PATHS.cycleStats, { campaignId }) }),
      transformResponse: (body: ApiSuccess<CycleStatsData>) => body.data,
      providesTags: [...DASHBOARD_SOURCES],
    }),
  }),
});

export const { useTotalStatsQuery, useMonthlyStatsQuery, useCycleStatsQuery } = dashboardApi;
