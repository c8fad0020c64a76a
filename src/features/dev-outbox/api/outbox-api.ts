import { AUTH_PATHS, type ApiSuccess, type OutboxListData } from '../../../../domain/auth/api-contract';
import { loadApi } from '../../../lib/load-api';

export const OUTBOX_LIMIT = 50;

export async function listOutbox(): Promise<OutboxListData> {
  const { plainClient } = await loadApi();
  return (await plainClient.get<ApiSuccess<OutboxListData>>(AUTH_PATHS.devOutbox, { params: { limit: OUTBOX_LIMIT } })).data.data;
}
