/**
 * Where messages actually go: e-mail through nodemailer when SMTP_URL is set, text messages
 * through a Twilio-style HTTP API (form POST `To`, `Body`, `From`) when SMS_API_URL is set.
 * Without them a message is only recorded and logged (status 'logged').
 */
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../../config';

export interface Transports {
  /** Null when SMTP_URL is not set. */
  sendEmail: ((to: string, subject: string, text: string) => Promise<void>) | null;
  /** Null when SMS_API_URL is not set. */
  sendSms: ((to: string, text: string) => Promise<void>) | null;
  close(): void;
}

const SMS_TIMEOUT_MS = 10_000;

/** 10 digits are a US/Canada number: +1 is added; anything else is sent as it is. */
export function toE164(phone: string): string {
  return /^\d{10}$/.test(phone) ? `+1${phone}` : phone;
}

function smsAuthorization(token: string): string {
  return token.includes(':') ? `Basic ${Buffer.from(token).toString('base64')}` : `Bearer ${token}`;
}

export function createTransports(config: Config): Transports {
  let mailer: Transporter | null = null;
  if (config.smtpUrl) mailer = nodemailer.createTransport(config.smtpUrl);

  const sendEmail = mailer
    ? async (to: string, subject: string, text: string) => {
        await mailer?.sendMail({ from: config.smtpFrom, to, subject, text });
      }
    : null;

  const smsUrl = config.smsApiUrl;
  const sendSms = smsUrl
    ? async (to: string, text: string) => {
        const form = new URLSearchParams({ To: toE164(to), Body: text });
        if (config.smsFrom) form.set('From', config.smsFrom);
        const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' };
        if (config.smsApiToken) headers.authorization = smsAuthorization(config.smsApiToken);
        const response = await fetch(smsUrl, { method: 'POST', headers, body: form, signal: AbortSignal.timeout(SMS_TIMEOUT_MS) });
        if (!response.ok) throw new Error(`SMS API answered ${response.status}`);
      }
    : null;

  return { sendEmail, sendSms, close: () => mailer?.close() };
}
