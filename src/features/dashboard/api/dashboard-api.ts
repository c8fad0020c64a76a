import type { ApiSuccess } from '../../../../domain/auth/api-contract';
import { DONOR_BOOK_PATHS, donorBookPath } from '../../../../domain/donor-book/api-contract';
import type { CycleStatsData, MonthlyStatsData, TotalStats } from '../../../../domain/donor-book/dashboard-contract';
import { loadApi } from '../../../lib/load-api';

/** Months shown by the dashboard chart (monthly-stats accepts 1–36). */
export const CHART_MONTHS = 12;

export async function getTotalStats(campaignId: string): Promise<TotalStats> {
  const { apiClient } = await loadApi();
  return (await apiClient.get<ApiSuccess<TotalStats>>(donorBookPath(DONOR_BOOK_PATHS.totalStats, { campaignId }))).data.data;
}

export async function getMonthlyStats(campaignId: string, months = CHART_MONTHS): Promise<MonthlyStatsData> {
  const { apiClient } = await loadApi();
  return (await apiClient.get<ApiSuccess<MonthlyStatsData>>(donorBookPath(DONOR_BOOK_PATHS.monthlyStats, { campaignId }), { params: { months } })).data.data;
}

export async function getCycleStats(campaignId: string): Promise<CycleStatsData> {
  const { apiClient } = await loadApi();
  return (await apiClient.get<ApiSuccess<CycleStatsData>>(donorBookPath(DONOR_BOOK_PATHS.cycleStats, { campaignId }))).data.data;
}
