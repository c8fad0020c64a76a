// JavaScript budgets in CI (the speed issue): each page's scripts, gzipped, as the browser loads them
// from the production build. Over its limit → this fails with the list of chunks, largest first.
import { expect, test } from '@playwright/test';
import { BUNDLE_BUDGETS, describeScripts, kb, loadForBudget, recordScripts } from './support/bundle-budgets';
import { selectCampaign, signInWithPassword } from './support/sign-in';

for (const budget of BUNDLE_BUDGETS) {
  test(`${budget.name} (${budget.path}) loads at most ${budget.limitKb} KB of gzipped JavaScript`, async ({ page }) => {
    const recorder = recordScripts(page);
    if (budget.signedIn) {
      await signInWithPassword(page, 'owner@demo.campaign');
      await selectCampaign(page, 'Friends of Demo Candidate');
      await expect(page.getByRole('region', { name: 'Election cycle' })).toBeVisible();
      // A fresh load of the page itself, as a person opening it: the sign-in page's scripts do not count.
      await page.goto('about:blank');
      recorder.reset();
    }
    await loadForBudget(page, budget.path, budget, recorder);
    const total = kb(recorder.scripts.reduce((sum, s) => sum + s.gzipBytes, 0));
    const report = `${budget.path}: ${total.toFixed(1)} KB gz in ${recorder.scripts.length} scripts (limit ${budget.limitKb} KB, goal ${budget.goalKb} KB)\n${describeScripts(recorder.scripts)}`;
    console.log(report);
    expect(total, report).toBeLessThanOrEqual(budget.limitKb);
    // Every script over 1 KB travels compressed (the build's .br / .gz copies, server/plugins/spa.ts).
    expect(recorder.scripts.filter((s) => s.rawBytes > 1024 && !['br', 'gzip'].includes(s.encoding)).map((s) => s.path), report).toEqual([]);
  });
}
