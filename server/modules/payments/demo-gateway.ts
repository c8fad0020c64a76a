/**
 * The demo campaign's gateway: the local PayPal stand-in (so a newcomer can give on /demo-campaign
 * straight after `npm start`). Never outside development and tests.
 */
import type { Config } from '../../config';
import type { DemoGatewaySeed } from '../../db/seed';
import { standinWebhookIdOf } from './paypal-gateway';
import { lastFour, secretBox } from './secret-box';

export function demoGatewaySeed(config: Config): DemoGatewaySeed | null {
  if (config.nodeEnv === 'production') return null;
  const clientId = 'demo-campaign-local';
  const secret = 'local-test-secret';
  return { mode: 'local', clientId, secretCiphertext: secretBox(config.paymentSecretKey).seal(secret), secretLast4: lastFour(secret), webhookId: standinWebhookIdOf(clientId) };
}
