/**
 * The payment gateway page and the reconcile report (domain/payments/api-contract.ts) as RTK Query
 * endpoints: staff calls, with the session. (The donors' pages keep their plain calls in payments-api.ts:
 * their entry has no store.) Every answer is `{ data: … }`.
 */
import type { ApiSuccess } from '../../../../domain/auth/api-contract';
import {
  PAYMENT_PATHS,
  campaignGatewaysUrl,
  givingSettingsUrl,
  reconcileReportUrl,
  type ConfigureGatewayBody,
  type GatewayView,
  type GivingSettings,
  type ProviderView,
  type ReconcileReport,
  type SaveGivingSettingsBody,
} from '../../../../domain/payments/api-contract';
import { api } from '../../../lib/api';

export const gatewayApi = api.injectEndpoints({
  endpoints: (build) => ({
    paymentProviders: build.query<ProviderView[], void>({
      query: () => ({ url: PAYMENT_PATHS.listProviders }),
      transformResponse: (body: ApiSuccess<ProviderView[]>) => body.data,
      providesTags: ['Gateway'],
    }),
    campaignGateways: build.query<GatewayView[], string>({
      query: (campaignId) => ({ url: campaignGatewaysUrl(campaignId) }),
      transformResponse: (body: ApiSuccess<GatewayView[]>) => body.data,
      providesTags: ['Gateway'],
    }),
    /** The saved gateway takes the place of the campaign's one in the list shown (no second request). */
    configureGateway: build.mutation<GatewayView, ConfigureGatewayBody>({
      query: (data) => ({ url: PAYMENT_PATHS.configureGateway, method: 'POST', data }),
      transformResponse: (body: ApiSuccess<GatewayView>) => body.data,
      async onQueryStarted(body, { dispatch, queryFulfilled }) {
        const { data: saved } = await queryFulfilled.catch(() => ({ data: null }));
        if (!saved) return;
        dispatch(gatewayApi.util.updateQueryData('campaignGateways', body.campaign_id, (list) => [...list.filter((g) => g.provider !== saved.provider), saved]));
      },
    }),
    /** Asks PayPal for a token with the stored credentials (nothing shown changes). */
    testGateway: build.mutation<{ ok: true; message: string }, string>({
      query: (campaignId) => ({ url: PAYMENT_PATHS.testGateway, method: 'POST', data: { campaign_id: campaignId, provider: 'paypal' } }),
      transformResponse: (body: ApiSuccess<{ ok: true; message: string }>) => body.data,
    }),
    givingSettings: build.query<GivingSettings, string>({
      query: (campaignId) => ({ url: givingSettingsUrl(campaignId) }),
      transformResponse: (body: ApiSuccess<GivingSettings>) => body.data,
      providesTags: ['Gateway'],
    }),
    /** The saved settings become what the page shows (no second request). */
    saveGivingSettings: build.mutation<GivingSettings, SaveGivingSettingsBody>({
      query: (data) => ({ url: PAYMENT_PATHS.saveGivingSettings, method: 'POST', data }),
      transformResponse: (body: ApiSuccess<GivingSettings>) => body.data,
      async onQueryStarted(body, { dispatch, queryFulfilled }) {
        const { data: saved } = await queryFulfilled.catch(() => ({ data: null }));
        if (saved) dispatch(gatewayApi.util.upsertQueryData('givingSettings', body.campaign_id, saved));
      },
    }),
    /** Every online payment and refund whose state differs from PayPal's (each read again from PayPal: slow). */
    reconcileReport: build.query<ReconcileReport, string>({
      query: (campaignId) => ({ url: reconcileReportUrl(campaignId) }),
      transformResponse: (body: ApiSuccess<ReconcileReport>) => body.data,
      providesTags: ['Payment'],
    }),
  }),
});

export const {
  usePaymentProvidersQuery,
  useCampaignGatewaysQuery,
  useConfigureGatewayMutation,
  useTestGatewayMutation,
  useGivingSettingsQuery,
  useSaveGivingSettingsMutation,
  useReconcileReportQuery,
} = gatewayApi;
