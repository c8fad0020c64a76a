import os from 'node:os';
import path from 'node:path';
import { loadConfig, type Config } from '../config';

/** A config for tests: silent logs, no jobs, no SPA, a fixed secret, a generous rate limit. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  const base = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: path.join(os.tmpdir(), 'cdt-test-data-unused'),
    TOKEN_SECRET: 'test-secret-test-secret-test-secret-0123',
    SPA_DIR: path.join(os.tmpdir(), 'cdt-test-no-spa'),
    RATE_LIMIT_MAX: '100000',
    JOBS: 'inline',
    DEMO_SEED: 'false',
    PUBLIC_URL: 'http://localhost:3000',
  });
  return Object.freeze({ ...base, ...overrides });
}
