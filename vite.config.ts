/// <reference types="vitest/config" />
import { defineConfig, loadEnv, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { existsSync, readdirSync, readFileSync } from 'node:fs';

// API paths are those of SPEC §7, mounted at the root of the API host. In dev the
// Vite server proxies them to the API; a browser navigation (Accept: text/html) to a
// path that is also an SPA route gets index.html instead, the same rule the API uses.
const API_PREFIXES = ['/auth/authentication', '/auth/users', '/auth/admin', '/oauth2', '/campaign/', '/donation', '/payment', '/rbac', '/channel', '/health', '/dev', '/socket.io'];

/**
 * What both entries (staff and giving) run at first paint: the libraries, and our few modules each
 * of them imports before drawing (the i18n instance with its English catalogues, the API error texts,
 * the environment). Listed by name: a module put here loads with the first paint even when only a
 * lazily loaded page imports it.
 */
const FRAMEWORK_LIBRARIES = /[\\/]node_modules[\\/](?:react|react-dom|scheduler|i18next|react-i18next)[\\/]/;
const FIRST_PAINT_MODULES = /[\\/]src[\\/](?:lib[\\/](?:i18n|language-detector|api-error|navigation|use-page-title)\.ts|config[\\/]env\.ts|locales[\\/]en[\\/](?:common|auth|errors)\.json)$|vite[\\/]preload-helper/;
const FRAMEWORK = (id: string) => FRAMEWORK_LIBRARIES.test(id) || FIRST_PAINT_MODULES.test(id);
/** Libraries only the staff entry needs at first paint (the donors' entry has no router nor store). */
const STAFF_FRAMEWORK = /[\\/]node_modules[\\/](?:react-router|react-redux|use-sync-external-store|redux|redux-thunk|@reduxjs[\\/]toolkit[\\/]dist[\\/]redux-toolkit\.modern\.mjs|immer[\\/]dist[\\/]immer\.mjs|reselect[\\/]dist[\\/]reselect\.mjs)(?:[\\/]|$)/;

/** What the sign-in page loads beside the entry, in one chunk instead of ten small ones (each compressed alone costs bytes). */
const SIGN_IN_KIT = /[\\/](?:src[\\/](?:components[\\/](?:text-input|field-shell|submit-button|form-alert)\.tsx|features[\\/]auth[\\/]destination\.ts|lib[\\/](?:pending-redirect|load-api)\.ts)|domain[\\/]auth[\\/]api-contract\.ts)$/;

/**
 * RTK Query (src/lib/api.ts) loads with the first page that reads data, never with the sign-in page.
 * It is kept out of the staff framework chunk above, and it gets a core of its own: RTK's core, immer
 * and reselect are one module each, so what RTK Query takes from them (createAsyncThunk, matchers,
 * immer's patches, selectors) would otherwise join the store's copies in the sign-in page's first
 * paint (+2.4 KB gz there). Its copies are other builds of the same versions (RTK's minified browser
 * build, immer's production build, reselect's legacy ESM build), different files from those the store
 * resolves, with no shared state that matters (action types are strings; immer marks drafts with a
 * global symbol). Build only: tests and the dev server use one copy of each.
 */
function rtkQueryOwnCore(): Plugin {
  const own: Record<string, string> = {
    '@reduxjs/toolkit': path.resolve('node_modules/@reduxjs/toolkit/dist/redux-toolkit.browser.mjs'),
    immer: path.resolve('node_modules/immer/dist/immer.production.mjs'),
    reselect: path.resolve('node_modules/reselect/dist/reselect.legacy-esm.js'),
  };
  const rtkQueryOrItsCore = /[\\/]@reduxjs[\\/]toolkit[\\/]dist[\\/](?:query[\\/]|redux-toolkit\.browser\.mjs$)/;
  return {
    name: 'rtk-query-own-core',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      return importer && source in own && rtkQueryOrItsCore.test(importer) ? own[source] : null;
    },
  };
}

/**
 * The parts of the staff catalogue (`src/locales/<language>/staff.json`) the donors' pages use, by key
 * prefix: `virtual:donor-catalogue/<language>` is that subset, made at build time from the same file
 * (src/lib/donor-catalogue.ts). A language without a staff.json yet gives an empty subset.
 */
const DONOR_CATALOGUE_PREFIXES = ['payments.give', 'payments.pledge', 'payments.paypal', 'payments.notices', 'payments.error', 'errors'] as const;
const DONOR_CATALOGUE_ID = 'virtual:donor-catalogue/';

/** The keys of `catalogue` under any of `prefixes` (dotted paths), in the catalogue's shape. */
function pickByPrefix(catalogue: Record<string, unknown>, prefixes: readonly string[]): Record<string, unknown> {
  const picked: Record<string, unknown> = {};
  for (const prefix of prefixes) {
    const parts = prefix.split('.');
    let from: unknown = catalogue;
    for (const part of parts) from = from && typeof from === 'object' ? (from as Record<string, unknown>)[part] : undefined;
    if (from === undefined) continue;
    let into = picked;
    for (const part of parts.slice(0, -1)) into = (into[part] ??= {}) as Record<string, unknown>;
    into[parts[parts.length - 1]!] = from;
  }
  return picked;
}

function donorCatalogue(): Plugin {
  return {
    name: 'donor-catalogue',
    resolveId: (id) => (id.startsWith(DONOR_CATALOGUE_ID) ? `\0${id}` : undefined),
    load(id) {
      if (!id.startsWith(`\0${DONOR_CATALOGUE_ID}`)) return undefined;
      const language = id.slice(DONOR_CATALOGUE_ID.length + 1);
      if (!/^[a-z]{2,3}$/.test(language)) throw new Error(`donor-catalogue: no language in ${id}`);
      const file = path.resolve('src/locales', language, 'staff.json');
      this.addWatchFile(file);
      const catalogue = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>) : {};
      return `export default ${JSON.stringify(pickByPrefix(catalogue, DONOR_CATALOGUE_PREFIXES))};`;
    },
  };
}

/**
 * Vite plugin: writes a brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) copy beside every
 * text file of the build over 1 KB (scripts, styles, HTML, SVG, JSON). The server sends them as
 * the browser accepts (`@fastify/static` `preCompressed`, server/plugins/spa.ts), so no asset is
 * compressed per request and none goes out raw.
 */
const TEXT_FILE = /\.(?:js|mjs|css|html|svg|json)$/;
const MIN_BYTES = 1024;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      const files = Object.keys(bundle).filter((name) => TEXT_FILE.test(name));
      await Promise.all(
        files.map(async (name) => {
          const file = path.join(dir, name);
          const body = await readFile(file);
          if (body.length < MIN_BYTES) return;
          const [br, gz] = await Promise.all([
            brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
            gzipAsync(body, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
        }),
      );
    },
  };
}
// The client project's test files, and those of them that replace a module with vi.mock / vi.doMock
// (found by reading them, so a new one is isolated without anyone listing it).
const CLIENT_TESTS = ['src/**/*.test.{ts,tsx}', 'domain/**/*.test.ts'];
const MOCKING_CLIENT_TESTS = ['src', 'domain'].flatMap((dir) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((file) => `${dir}/${file.split('\\').join('/')}`)
    .filter((file) => /\.test\.tsx?$/.test(file) && /\bvi\.(do)?mock\(/.test(readFileSync(file, 'utf8'))),
);

export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, process.cwd(), '');
  const apiTarget = env.API_PROXY_TARGET || `http://127.0.0.1:${env.API_PORT || 3001}`;
  const proxy = Object.fromEntries(
    API_PREFIXES.map((prefix) => [
      prefix,
      {
        target: apiTarget,
        ws: prefix === '/socket.io',
        bypass: (req: { headers: Record<string, string | string[] | undefined> }) =>
          String(req.headers.accept ?? '').includes('text/html') ? '/index.html' : undefined,
      },
    ]),
  );
  return {
    plugins: [react(), donorCatalogue(), precompress(), rtkQueryOwnCore()],
    build: {
      outDir: 'dist',
      sourcemap: true,
      chunkSizeWarningLimit: 600,
      // No modulepreload polyfill (~0.4 KB gz on every page): every browser the app supports has
      // <link rel="modulepreload">; one without it still loads each chunk when it is imported.
      modulePreload: { polyfill: false },
      // Two entries: the staff app (index.html) and the donors' pages /{slug} and /pay-your-donation
      // (giving.html, src/giving-main.tsx), which load no staff shell, store persistence or staff layout.
      rollupOptions: {
        input: { index: 'index.html', giving: 'giving.html' },
        // What both entries run before their first paint, in one chunk: one request and one gzip
        // window instead of a dozen small shared chunks (each compressed alone costs bytes). The router
        // and the store, which only the staff entry runs, in a second one the donors' entry never loads.
        output: { codeSplitting: { groups: [{ name: 'framework', test: FRAMEWORK }, { name: 'staff-framework', test: STAFF_FRAMEWORK }, { name: 'sign-in-kit', test: SIGN_IN_KIT }] } },
      },
    },
    server: { proxy },
    test: {
      globals: true,
      projects: [
        {
          extends: true,
          test: {
            name: 'client',
            environment: 'jsdom',
            include: CLIENT_TESTS,
            exclude: ['**/node_modules/**', '**/.git/**', ...MOCKING_CLIENT_TESTS],
            setupFiles: ['src/test/setup.ts'],
            // One worker: the page tests wait 1–5 s for what they find, and two at once beside the
            // e2e lane of `npm test` made three of them miss (2026-11-28). After the server tests.
            maxWorkers: 1,
            // Not isolated: one worker runs every file in one process, so React, the router, i18n and
            // jsdom load once instead of once a file (half the CPU, docs/ci-time.md). setup.ts resets
            // what a file may leave behind (DOM, storage, cookies, timers, stubbed globals).
            isolate: false,
            sequence: { groupOrder: 1 },
          },
        },
        {
          extends: true,
          test: {
            // Files that replace a module (vi.mock) each get a fresh process: in a shared one the
            // module may already be loaded for real, or the stand-in would stay for the next file.
            name: 'client-mocks',
            environment: 'jsdom',
            include: MOCKING_CLIENT_TESTS.length > 0 ? MOCKING_CLIENT_TESTS : ['no-client-test-mocks-a-module'],
            setupFiles: ['src/test/setup.ts'],
            maxWorkers: 1,
            sequence: { groupOrder: 2 },
          },
        },
        {
          extends: true,
          test: {
            name: 'server',
            environment: 'node',
            include: ['server/**/*.test.ts'],
            globalSetup: ['server/test/global-setup.ts'],
            // Two workers: these tests wait on PostgreSQL much of the time (one took 19 of CI's 21 minutes).
            maxWorkers: 2,
            sequence: { groupOrder: 0 },
            testTimeout: 30000,
            hookTimeout: 60000,
          },
        },
      ],
    },
  };
});
