/** Yup schemas of the filing requests (api-contract.ts), shared by the Filings page and the server. Pure: no React, no Node. */
import { object, string } from 'yup';
import { REGULATORS } from '../compliance/filing-periods';
import { REPORT_FORMATS } from '../reports/api-contract';
import { campaignIdField } from '../validation/fields';

export const FILING_VALIDATION_MESSAGES = {
  REGULATOR_INVALID: `Regulator must be one of: ${REGULATORS.join(', ')}`,
  PERIOD_REQUIRED: 'Choose a filing period',
  PERIOD_INVALID: 'Filing period is not valid',
  FORMAT_INVALID: `Format must be one of: ${REPORT_FORMATS.join(', ')}`,
} as const;
const M = FILING_VALIDATION_MESSAGES;

export const regulatorField = string().typeError(M.REGULATOR_INVALID).required(M.REGULATOR_INVALID).oneOf(REGULATORS, M.REGULATOR_INVALID);
export const periodIdField = string().typeError(M.PERIOD_INVALID).required(M.PERIOD_REQUIRED).max(80, M.PERIOD_INVALID).matches(/^[a-z_]+\.\d{4}\.[a-z0-9-]+$/, M.PERIOD_INVALID);

export const filingCampaignParamsSchema = object({ campaignId: campaignIdField });
export const filingPeriodsQuerySchema = object({ regulator: regulatorField.optional().default(undefined) });
export const filingCheckQuerySchema = object({ regulator: regulatorField, period_id: periodIdField });
export const filingFormatField = string().typeError(M.FORMAT_INVALID).oneOf(REPORT_FORMATS, M.FORMAT_INVALID);
export const startFilingRequestSchema = object({ campaign_id: campaignIdField, regulator: regulatorField, period_id: periodIdField, format: filingFormatField.optional().default(undefined) });
