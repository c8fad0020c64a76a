import { AUTH_PATHS, type ApiSuccess, type OutboxListData } from '../../../../domain/auth/api-contract';
import { api, toApiError } from '../../../lib/api';
import { loadApi } from '../../../lib/load-api';

export const OUTBOX_LIMIT = 50;

export const outboxApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The latest messages, through the plain client: an open page, no session sent. */
    devOutbox: build.query<OutboxListData, void>({
      queryFn: async () => {
        try {
          const { plainClient } = await loadApi();
          return { data: (await plainClient.get<ApiSuccess<OutboxListData>>(AUTH_PATHS.devOutbox, { params: { limit: OUTBOX_LIMIT } })).data.data };
        } catch (error) {
          return { error: toApiError(error) };
        }
      },
      providesTags: ['Outbox'],
    }),
  }),
});

export const { useDevOutboxQuery } = outboxApi;
