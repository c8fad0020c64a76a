import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { devLines } from './server';

describe('HOST default', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'cdt-config-host-'));
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });
  const secret = { TOKEN_SECRET: 'x'.repeat(32) };

  it('is 127.0.0.1 outside production: the Dev outbox (one-time codes) stays off the network', () => {
    expect(loadConfig({ ...secret }, dir).host).toBe('127.0.0.1');
    expect(loadConfig({ ...secret, NODE_ENV: 'development' }, dir).host).toBe('127.0.0.1');
    expect(loadConfig({ ...secret, NODE_ENV: 'test' }, dir).host).toBe('127.0.0.1');
  });

  it('is 0.0.0.0 in production, and HOST always wins', () => {
    expect(loadConfig({ ...secret, NODE_ENV: 'production' }, dir).host).toBe('0.0.0.0');
    expect(loadConfig({ ...secret, HOST: '0.0.0.0' }, dir).host).toBe('0.0.0.0');
    expect(loadConfig({ ...secret, NODE_ENV: 'production', HOST: '10.0.0.5' }, dir).host).toBe('10.0.0.5');
  });

  it('the start-up banner says who can connect and how to open it to the network on purpose', () => {
    const local = devLines(loadConfig({ ...secret }, dir)).join('\n');
    expect(local).toContain('127.0.0.1:3000, this machine only');
    expect(local).toContain('HOST=0.0.0.0 npm start');
    expect(local).toContain('/dev-outbox');
    const open = devLines(loadConfig({ ...secret, HOST: '0.0.0.0' }, dir)).join('\n');
    expect(open).toContain('open to the network (HOST=0.0.0.0)');
    expect(open).toContain('the Dev outbox still answers this machine only');
  });
});
