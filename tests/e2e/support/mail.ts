import { expect } from '@playwright/test';
import type { CaughtMail } from './mail-catcher';
import { E2E } from './ports';

/** Waits for mail to `to` beyond the first `after` ones and returns the 6-digit code in the newest. */
export async function waitForCode(to: string, after = 0): Promise<string> {
  let code = '';
  await expect
    .poll(
      async () => {
        const res = await fetch(`http://127.0.0.1:${E2E.mailHttpPort}/mails?to=${encodeURIComponent(to)}`);
        const mails = (await res.json()) as CaughtMail[];
        if (mails.length <= after) return '';
        code = /\b(\d{6})\b/.exec(mails[mails.length - 1].text)?.[1] ?? '';
        return code;
      },
      { timeout: 15_000, message: `a mail with a code to ${to}` },
    )
    .not.toBe('');
  return code;
}

export async function mailsTo(to: string): Promise<CaughtMail[]> {
  const res = await fetch(`http://127.0.0.1:${E2E.mailHttpPort}/mails?to=${encodeURIComponent(to)}`);
  return (await res.json()) as CaughtMail[];
}

export async function mailCount(to: string): Promise<number> {
  return (await mailsTo(to)).length;
}
