/**
 * Malformed-input generators for the route fuzz suite (server/plugins/fuzz.test.ts), built on fast-check.
 *
 * Field names and enum values come from every yup schema the API validates with (domain/validation,
 * server/modules/ route schemas), read at run time: a field added to a schema is fuzzed by construction.
 * Everything a generator returns is already encoded for the wire (path segments, query string, body text).
 */
import fc from 'fast-check';
import { isSchema, type Schema } from 'yup';

// ── vocabulary read from the schemas ────────────────────────────────────────────────────────────

export interface Vocabulary {
  /** Every field name of every object schema (nested ones included). */
  fieldNames: string[];
  /** Every `oneOf` value (enums), so some bodies get past the first checks. */
  enumValues: Array<string | number>;
}

interface Description {
  type?: string;
  fields?: Record<string, Description>;
  innerType?: Description;
  oneOf?: unknown[];
}

const schemaModules = import.meta.glob(['../../domain/validation/*.ts', '!../../domain/validation/*.test.ts', '../modules/**/route-schemas.ts'], { eager: true });

export function schemaVocabulary(): Vocabulary {
  const fieldNames = new Set<string>();
  const enumValues = new Set<string | number>();
  const visit = (description: Description | undefined) => {
    if (!description) return;
    for (const value of description.oneOf ?? []) if (typeof value === 'string' || typeof value === 'number') enumValues.add(value);
    for (const [name, field] of Object.entries(description.fields ?? {})) {
      fieldNames.add(name);
      visit(field);
    }
    visit(description.innerType);
  };
  for (const exports of Object.values(schemaModules)) {
    for (const value of Object.values(exports as Record<string, unknown>)) {
      if (!isSchema(value)) continue;
      try {
        visit((value as Schema).describe() as Description);
      } catch {
        // A lazy schema needs a value to describe itself: its fields are found through its parents.
      }
    }
  }
  return { fieldNames: [...fieldNames].sort(), enumValues: [...enumValues].sort() };
}

// ── strings and numbers ─────────────────────────────────────────────────────────────────────────

/** Names that live on Object.prototype: `?constructor=1` once crashed every query validator. */
export const BUILTIN_KEYS = [...Object.getOwnPropertyNames(Object.prototype), 'prototype'];

/** Text that broke, or could break, something between the router and PostgreSQL. */
const NASTY_TEXT = [
  '',
  ' ',
  '\u0000',
  'a\u0000',
  '\u0000a',
  'abc\u0000def',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '-1e309',
  '-0',
  '0',
  '-1',
  '1.5',
  '0x1F',
  '1e2',
  '1_000',
  '9007199254740993',
  '99999999999999999999999999',
  '2147483648',
  '-9223372036854775809',
  'true',
  'false',
  'null',
  'undefined',
  '[]',
  '{}',
  "'; drop table donors; --",
  '\\',
  '%',
  '%00',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '\uD800',
  '\uDFFF',
  '\uFEFF',
  '\u202E',
  '\u00A0',
  '😀',
  'e\u0301',
  'Ω',
  '\t\n\r',
  'x'.repeat(5_000),
  '2025-02-30',
  '0000-00-00',
  '9999-12-31',
  '31-12-2025',
  '2025-13-01',
  '2025-04-01T00:00:00Z',
  '00000000-0000-0000-0000-000000000000',
  'FFFFFFFF-FFFF-4FFF-BFFF-FFFFFFFFFFFF',
  'not-an-email@',
  'a@b.co',
  '+15555550100',
  ...BUILTIN_KEYS,
];

/** Numbers at the edges, written into JSON as literals (1e309 parses to Infinity, big ints lose precision). */
const RAW_NUMBERS = [
  '1e309',
  '-1e309',
  '-0',
  '1e-400',
  '4.9e-324',
  '1.7976931348623157e308',
  '9007199254740993',
  '123456789012345678901234567890',
  '2147483648',
  '-2147483649',
  '9223372036854775808',
  '0.1',
  '1.5',
  '-1',
  '0',
  '1e2',
];

/** Path segments no encoder would produce: bad %-escapes, NUL, traversal, over maxParamLength. */
const RAW_SEGMENTS = ['%00', '%zz', '%', '%E0%A4%A', '%C0%80', '..', '%2e%2e', '%2F', '%252F', 'a'.repeat(150), '%u0000', ';', '%3B', '%FF'];

/** Query strings no encoder would produce. */
const RAW_QUERIES = [
  '__proto__[x]=1',
  '__proto__=1',
  'constructor[prototype][x]=1',
  'constructor=1&toString=2&hasOwnProperty=3&valueOf=4',
  'page=1&page=2',
  'limit=10&limit=20',
  'search=1&search=2',
  'tag=a&tag=b',
  'a=%00',
  '%00=1',
  '%zz=1',
  'a=%zz',
  '&&&',
  '=',
  '==',
  'a',
  'page=1e309',
  'limit=-0',
  'page=NaN',
  'page=9007199254740993',
  'search=%00',
  `search=${'x'.repeat(3_000)}`,
];

/** Percent-encodes the UTF-8 bytes of `text` (lone surrogates become U+FFFD; never throws, unlike encodeURIComponent). */
export function pct(text: string): string {
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const char = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-._~]/.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

export interface FuzzPools {
  /** Ids the caller may use (their campaign, its rows, users …) and ids of others (cross-tenant attempts). */
  ids: string[];
  vocabulary: Vocabulary;
}

export function textArb(pools: FuzzPools): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom(...NASTY_TEXT) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 24 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 24 }) },
    { weight: 2, arbitrary: fc.tuple(fc.constantFrom(...NASTY_TEXT), fc.constantFrom(...NASTY_TEXT)).map(([a, b]) => a + b) },
    { weight: 2, arbitrary: fc.constantFrom(...pools.ids) },
    { weight: 1, arbitrary: fc.constantFrom(...pools.vocabulary.enumValues.map(String)) },
  );
}

export function keyArb(pools: FuzzPools): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom(...pools.vocabulary.fieldNames) },
    { weight: 2, arbitrary: fc.constantFrom(...BUILTIN_KEYS, '__proto__[x]', 'constructor[prototype]', 'a[b]', 'a.b', '') },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }) },
  );
}

// ── JSON bodies ─────────────────────────────────────────────────────────────────────────────────

const RAW_MARK = '\u0001raw:';

/** A value that serializes as a raw JSON number literal (see `toJson`). */
function rawNumber(literal: string): string {
  return `${RAW_MARK}${literal}\u0001`;
}

/** JSON.stringify, with raw-number marks written as bare literals (`1e309`, `-0`, 30-digit ints). */
export function toJson(value: unknown): string {
  return JSON.stringify(value).replace(/"\\u0001raw:([^"\\]*)\\u0001"/g, '$1');
}

export function jsonValueArb(pools: FuzzPools): fc.Arbitrary<unknown> {
  const leaf = fc.oneof(
    { weight: 5, arbitrary: textArb(pools) },
    { weight: 2, arbitrary: fc.constantFrom(...RAW_NUMBERS).map(rawNumber) },
    { weight: 1, arbitrary: fc.constantFrom(...pools.vocabulary.enumValues) },
    { weight: 1, arbitrary: fc.integer() },
    { weight: 1, arbitrary: fc.double() },
    { weight: 1, arbitrary: fc.boolean() },
    { weight: 1, arbitrary: fc.constant(null) },
  );
  const { value } = fc.letrec<{ value: unknown }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      { weight: 6, arbitrary: leaf },
      { weight: 1, arbitrary: fc.array(tie('value'), { maxLength: 3 }) },
      { weight: 1, arbitrary: fc.dictionary(keyArb(pools), tie('value'), { maxKeys: 3 }) },
    ),
  }));
  return value;
}

export interface FuzzBody {
  payload: string;
  contentType: string;
}

/** Bodies no JSON encoder would write, and other content types. `campaignId` keeps some of them past access. */
function specialBodies(campaignId: string): FuzzBody[] {
  const json = (payload: string): FuzzBody => ({ payload, contentType: 'application/json' });
  const depth = 5_000;
  return [
    json(`${'['.repeat(depth * 4)}${']'.repeat(depth * 4)}`),
    json(`{"campaign_id":"${campaignId}","x":${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}}`),
    json(JSON.stringify({ campaign_id: campaignId, name: 'x'.repeat(900_000) })),
    json(JSON.stringify({ campaign_id: campaignId, instalments: Array.from({ length: 40_000 }, () => ({ amount_cents: 1 })) })),
    json(JSON.stringify({ campaign_id: campaignId, x: 'x'.repeat(1_100_000) })), // over bodyLimit: 413
    json('{"a":'),
    json('{"a":1}x'),
    json('\u0000'),
    json(''),
    json('null'),
    json('NaN'),
    json('{"a":NaN}'),
    json(`{"campaign_id":"${campaignId}","amount_cents":1e309,"paid_amount_cents":1e309,"page":1e309}`),
    json(`{"campaign_id":"${campaignId}","__proto__":{"x":1}}`),
    json(`{"campaign_id":"${campaignId}","constructor":{"prototype":{"x":1}}}`),
    json(`{"campaign_id":"${campaignId}\\u0000"}`),
    json(`{"campaign_id":"${campaignId}","a\\u0000b":1}`),
    { payload: 'hello', contentType: 'text/plain' },
    { payload: `campaign_id=${campaignId}&a=%00&constructor=1&a=2`, contentType: 'application/x-www-form-urlencoded' },
    { payload: '--x\r\nContent-Disposition: form-data; name="file"\r\n\r\n\u0000\r\n--x--', contentType: 'multipart/form-data; boundary=x' },
    { payload: '--x\r\n\r\n', contentType: 'multipart/form-data' },
    { payload: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\x89PNG', contentType: 'multipart/form-data; boundary=x' },
    { payload: JSON.stringify({ campaign_id: campaignId }), contentType: 'application/json; charset=utf-16' },
    { payload: '<a/>', contentType: 'application/xml' },
  ];
}

/**
 * A body for a route: mostly a JSON object whose keys are schema field names, built-in property
 * names or noise and whose values are nasty; sometimes any JSON value, sometimes a special body.
 * `campaignField` (the route's `body.campaign_id`) mostly carries `campaignId`, so the request reaches
 * the route's own validation instead of stopping at access.
 */
export function bodyArb(pools: FuzzPools, campaignId: string, campaignField: string | null): fc.Arbitrary<FuzzBody> {
  const value = jsonValueArb(pools);
  const campaign = fc.oneof({ weight: 5, arbitrary: fc.constant<unknown>(campaignId) }, { weight: 1, arbitrary: value });
  const object = fc
    .tuple(fc.dictionary(keyArb(pools), value, { maxKeys: 6 }), campaign)
    .map(([fields, id]) => ({ payload: toJson(campaignField ? { ...fields, [campaignField]: id } : fields), contentType: 'application/json' }));
  return fc.oneof(
    { weight: 10, arbitrary: object },
    { weight: 1, arbitrary: value.map((any) => ({ payload: toJson(any), contentType: 'application/json' })) },
    { weight: 2, arbitrary: fc.constantFrom(...specialBodies(campaignId)) },
  );
}

/** An encoded path segment: an id of the pools, nasty text, or a raw segment. */
export function segmentArb(pools: FuzzPools, preferred: string | null): fc.Arbitrary<string> {
  const any = [
    { weight: 3, arbitrary: fc.constantFrom(...pools.ids) },
    { weight: 4, arbitrary: textArb(pools).map(pct) },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_SEGMENTS) },
  ];
  return preferred === null ? fc.oneof(...any) : fc.oneof({ weight: 6, arbitrary: fc.constant(preferred) }, ...any);
}

/** An encoded query string (without `?`): pairs of nasty keys and values, repeated keys, raw forms. */
export function queryArb(pools: FuzzPools, campaignId: string, campaignField: string | null): fc.Arbitrary<string> {
  const pair = fc.tuple(keyArb(pools), textArb(pools)).map(([key, value]) => `${pct(key)}=${pct(value)}`);
  return fc
    .record({
      pairs: fc.array(pair, { maxLength: 5 }),
      repeat: fc.boolean(),
      raw: fc.option(fc.constantFrom(...RAW_QUERIES), { nil: undefined, freq: 3 }),
      campaign: fc.oneof({ weight: 5, arbitrary: fc.constant(campaignId) }, { weight: 1, arbitrary: textArb(pools) }),
    })
    .map(({ pairs, repeat, raw, campaign }) => {
      const parts = [...pairs];
      if (repeat && parts.length > 0) parts.push(parts[0]);
      if (raw !== undefined) parts.push(raw);
      if (campaignField) parts.unshift(`${campaignField}=${pct(campaign)}`);
      return parts.join('&');
    });
}

// ── mutations of accepted bodies ────────────────────────────────────────────────────────────────

type Path = Array<string | number>;

/** Every path into `value` (containers and leaves), the root excluded. */
function pathsOf(value: unknown, prefix: Path = []): Path[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => [[...prefix, index], ...pathsOf(item, [...prefix, index])]);
  if (typeof value === 'object' && value !== null) return Object.entries(value).flatMap(([key, item]) => [[...prefix, key], ...pathsOf(item, [...prefix, key])]);
  return [];
}

function setAt(root: unknown, path: Path, value: unknown): void {
  let at = root as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, unknown>;
  Object.defineProperty(at, path[path.length - 1], { value, enumerable: true, writable: true, configurable: true });
}

function getAt(root: unknown, path: Path): unknown {
  return path.reduce<unknown>((at, key) => (at as Record<string | number, unknown>)[key], root);
}

/**
 * A body the app once accepted (recorded from successful requests), with one or two of its values
 * replaced (nasty text, numbers at the edges, wrong types, NUL appended to a valid string) or a
 * built-in property name added: most of it stays valid, so the bad part reaches deeper code.
 */
export function mutatedBodyArb(bases: readonly unknown[], pools: FuzzPools): fc.Arbitrary<FuzzBody> {
  const value = jsonValueArb(pools);
  const mutation = fc.oneof(
    { weight: 6, arbitrary: fc.tuple(fc.constant('replace' as const), fc.nat(), value) },
    { weight: 2, arbitrary: fc.tuple(fc.constant('nul' as const), fc.nat(), fc.constant<unknown>(null)) },
    { weight: 1, arbitrary: fc.tuple(fc.constant('add' as const), fc.nat(), fc.tuple(fc.constantFrom(...BUILTIN_KEYS), value)) },
  );
  return fc.tuple(fc.constantFrom(...bases), fc.array(mutation, { minLength: 1, maxLength: 2 })).map(([base, mutations]) => {
    const body = structuredClone(base) as Record<string, unknown>;
    for (const [kind, pick, replacement] of mutations) {
      const paths = pathsOf(body);
      if (kind === 'add' || paths.length === 0) {
        const [key, added] = kind === 'add' ? (replacement as [string, unknown]) : ['constructor', replacement];
        Object.defineProperty(body, key, { value: added, enumerable: true, writable: true, configurable: true });
        continue;
      }
      const path = paths[pick % paths.length];
      const current = getAt(body, path);
      setAt(body, path, kind === 'nul' ? `${typeof current === 'string' ? current : (JSON.stringify(current) ?? '')}\u0000` : replacement);
    }
    return { payload: toJson(body), contentType: 'application/json' };
  });
}
