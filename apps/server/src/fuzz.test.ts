import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { ADMIN_ACCOUNT, PLATFORM_TENANT_ID, TENANT_ADMIN_ROLE_CODE } from '@patrol/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../test/create-test-app.js';
import { as, digest, login, makeTenant, makeUser } from '../test/factories.js';
import { registerRobot } from '../test/robots.js';
import { STATUS } from './db/columns.js';
import { OPENAPI_FILE } from './export-openapi.js';
import { loginLogs, secretFailures } from './modules/auth/auth.tables.js';
import { users } from './modules/users/users.tables.js';
import { hashPassword } from './platform/passwords.js';

/**
 * Every operation of the API document, called with values drawn from its own schemas mixed with
 * hostile ones (NUL bytes, ints beyond a column, negative numbers, nulls, wrong types, prototype
 * keys, very long strings, bodies that are not JSON objects or not JSON at all), signed in as the
 * platform administrator: no answer may be a 5xx. Deleting and changing the test app's rows is
 * fine. FUZZ_RUNS sets the runs per operation (a few dozen by default, for CI), FUZZ_SEED the seed.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 24);
const SEED = Number(process.env.FUZZ_SEED ?? 20261124);

type Schema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
};
type Parameter = { name: string; in: 'path' | 'query' | 'header' | 'cookie'; required?: boolean; schema?: Schema };
type Operation = {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  security?: unknown[];
};
type Document = { paths: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, Schema> } };

/** Operations left out: the console socket is a WebSocket upgrade, not a call. */
const SKIPPED = new Set(['openConsoleSocket']);

const INT4_MAX = 2_147_483_647;

/** Values no schema asks for, for any field. */
const hostileValue: fc.Arbitrary<unknown> = fc.constantFrom<unknown>(
  '\u0000',
  'a\u0000b',
  99_999_999_999,
  INT4_MAX + 1,
  -INT4_MAX - 2,
  Number.MAX_SAFE_INTEGER,
  1e308,
  -1,
  0,
  1.5,
  null,
  true,
  '',
  ' ',
  [],
  {},
  [null],
  { __proto__x: 1 },
  '__proto__',
  'constructor',
  'x'.repeat(20_000),
  '９９',
  "'; drop table users; --",
  '\uD800',
  '1e400',
  'NaN',
);

/** A value for a schema: what it asks for, or in a hostile run sometimes something else. */
function valueOf(schema: Schema | undefined, doc: Document, hostile: boolean, depth = 0): fc.Arbitrary<unknown> {
  const valid = validOf(schema, doc, hostile, depth);
  return hostile ? fc.oneof({ weight: 3, arbitrary: valid }, { weight: 1, arbitrary: hostileValue }) : valid;
}

function validOf(schema: Schema | undefined, doc: Document, hostile: boolean, depth: number): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return fc.jsonValue({ maxDepth: 1 });
  if (schema.$ref) {
    const name = schema.$ref.replace('#/components/schemas/', '');
    return validOf(doc.components?.schemas?.[name], doc, hostile, depth + 1);
  }
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((s) => validOf(s, doc, hostile, depth + 1)));
  if (schema.allOf?.[0]) return validOf(schema.allOf[0], doc, hostile, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return stringOf(schema);
    case 'integer': {
      const min = Math.max(schema.minimum ?? (schema.exclusiveMinimum ?? -1001) + 1, Number.MIN_SAFE_INTEGER);
      const max = Math.min(schema.maximum ?? 1000, Number.MAX_SAFE_INTEGER);
      // Small values too, so that ids name rows of the test app.
      const small = fc.integer({ min, max: Math.max(min, Math.min(max, min + 40)) });
      return fc.oneof(small, fc.integer({ min, max }));
    }
    case 'number':
      return fc.double({
        min: schema.minimum ?? -1000,
        max: schema.maximum ?? 1000,
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(valueOf(schema.items, doc, hostile, depth + 1), {
        minLength: Math.min(schema.minItems ?? 0, 3),
        maxLength: Math.min(schema.maxItems ?? 5, 5),
      });
    case 'object':
      return objectOf(schema, doc, hostile, depth);
    default:
      return fc.jsonValue({ maxDepth: 1 });
  }
}

/**
 * Text fields whose form the contracts check in code, not in the document: times and addresses, by
 * their names, so that valid runs reach past the schemas.
 */
function hinted(name: string, schema: Schema | undefined): Schema | undefined {
  if (schema?.type !== 'string' || schema.format || schema.pattern || schema.enum) return schema;
  if (/Time$/.test(name)) return { ...schema, format: 'date-time' };
  if (/^ip$|Ip$/.test(name)) return { ...schema, format: 'ip' };
  return schema;
}

function stringOf(schema: Schema): fc.Arbitrary<string> {
  if (schema.format === 'ip') return fc.oneof(fc.ipV4(), fc.constantFrom('239.1.2.3', 'ff02::1'));
  if (schema.format === 'date-time') {
    return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
  }
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length <= (schema.maxLength ?? 1000));
    } catch {
      // A pattern JavaScript cannot read: plain strings then.
    }
  }
  return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 40, 200) });
}

function objectOf(
  schema: Schema,
  doc: Document,
  hostile: boolean,
  depth: number,
): fc.Arbitrary<Record<string, unknown>> {
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, property] of Object.entries(schema.properties ?? {})) {
    model[key] = valueOf(hinted(key, property), doc, hostile, depth + 1);
  }
  const required = (schema.required ?? []).filter((k) => k in model);
  return fc.record(model, { requiredKeys: required });
}

type Input = {
  query: Record<string, string>;
  path: Record<string, string>;
  body: string | undefined;
  type: string;
  headers: Record<string, string>;
};

/** Request headers the API reads besides the session: the acting tenant and the language. */
const hostileHeaders: fc.Arbitrary<Record<string, string>> = fc.record(
  {
    'tenant-id': fc.constantFrom('99999999999', '2147483648', '-1', '0', 'x', '2', '1e3', ' 1 ', '1,2'),
    lang: fc.constantFrom('xx', 'zh-CN', 'en-US;q=1', '__proto__', ''),
  },
  { requiredKeys: [] },
);

/** A body as sent: the object as JSON, sometimes with a prototype key spliced in, or something else entirely. */
function bodyOf(
  schema: Schema | undefined,
  doc: Document,
  hostile: boolean,
): fc.Arbitrary<{ body: string; type: string }> {
  const json = (value: unknown) => ({ body: JSON.stringify(value), type: 'application/json' });
  const object = validOf(schema, doc, hostile, 0);
  if (!hostile) return object.map(json);
  return fc.oneof(
    { weight: 8, arbitrary: object.map(json) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          object,
          fc.constantFrom('__proto__', 'constructor'),
          fc.constantFrom('{"isAdmin":true}', '{"prototype":{"x":1}}', 'null'),
        )
        .map(([value, key, inner]) => {
          const text = JSON.stringify(value);
          const rest = text.startsWith('{') && text.length > 2 ? `,${text.slice(1)}` : '}';
          return { body: `{"${key}":${inner}${rest}`, type: 'application/json' };
        }),
    },
    {
      weight: 2,
      arbitrary: fc.constantFrom<unknown>(null, [], 'text', 0, true, [{}], { '': null }).map(json),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        { body: '{"a":', type: 'application/json' },
        { body: 'not json', type: 'application/json' },
        { body: 'a=1&b=2', type: 'application/x-www-form-urlencoded' },
        { body: '<x/>', type: 'text/plain' },
        { body: '', type: 'application/json' },
        { body: '\u0000', type: 'application/json' },
      ),
    },
  );
}

const asText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** Inputs of an operation: half of them as its schemas ask, half with hostile values and extras. */
function inputOf(operation: Operation, doc: Document): fc.Arbitrary<Input> {
  return fc.oneof(inputWith(operation, doc, false), inputWith(operation, doc, true));
}

function inputWith(operation: Operation, doc: Document, hostile: boolean): fc.Arbitrary<Input> {
  const params = operation.parameters ?? [];
  const paramsOf = (where: 'query' | 'path') => {
    const model: Record<string, fc.Arbitrary<string>> = {};
    for (const p of params.filter((p) => p.in === where))
      model[p.name] = valueOf(hinted(p.name, p.schema), doc, hostile).map(asText);
    const required = params.filter((p) => p.in === where && (p.required || where === 'path')).map((p) => p.name);
    const extras =
      where === 'query' && hostile
        ? fc.dictionary(fc.constantFrom('__proto__', 'constructor', 'x', 'index'), fc.string(), { maxKeys: 1 })
        : fc.constant({});
    return fc
      .tuple(fc.record(model, { requiredKeys: required }), extras)
      .map(([known, extra]) => ({ ...extra, ...known }) as Record<string, string>);
  };
  const schema = operation.requestBody?.content['application/json']?.schema;
  const body = operation.requestBody ? bodyOf(schema, doc, hostile) : fc.constant(undefined);
  // Odd headers in a quarter of the hostile runs: a refused tenant would hide the rest of the input.
  const headers = hostile
    ? fc.oneof({ weight: 3, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: hostileHeaders })
    : fc.constant({});
  return fc
    .record({ query: paramsOf('query'), path: paramsOf('path'), body, headers })
    .map(({ query, path, body, headers }) => ({
      query,
      path,
      body: body?.body,
      type: body?.type ?? 'application/json',
      headers,
    }));
}

/** Answers by operation and status, printed with FUZZ_STATS=1 to see what the run reached. */
const statuses = new Map<string, Map<number, number>>();
function tally(operationId: string, status: number) {
  const counts = statuses.get(operationId) ?? new Map<number, number>();
  counts.set(status, (counts.get(status) ?? 0) + 1);
  statuses.set(operationId, counts);
}

describe('the API under hostile input', () => {
  let t: TestApp;
  let doc: Document;
  let token: string;
  /**
   * Signs the administrator in. The fuzz may reset its password, disable it or lock it out with
   * failed sign-ins (small ids name its row); then the account is put back as it was first.
   */
  const signIn = async () => {
    try {
      token = await login(t.app, ADMIN_ACCOUNT, TEST_ADMIN_PASSWORD);
    } catch {
      const passwordHash = await hashPassword(digest(TEST_ADMIN_PASSWORD), t.config.scryptLogN);
      const admin = and(eq(users.tenantId, PLATFORM_TENANT_ID), eq(users.account, ADMIN_ACCOUNT));
      await t.db.update(users).set({ passwordHash, status: STATUS.enabled }).where(admin);
      await t.db.delete(loginLogs).where(eq(loginLogs.account, ADMIN_ACCOUNT));
      await t.db.delete(secretFailures);
      await t.bus.publish('access.changed', {});
      token = await login(t.app, ADMIN_ACCOUNT, TEST_ADMIN_PASSWORD);
    }
  };

  const signedIn = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/system-server/user/get/home/date', headers: as(token) }))
      .statusCode === 200;

  beforeAll(async () => {
    t = await createTestApp();
    doc = (await t.app.openApiDocument()) as unknown as Document;
    await signIn();
    // Rows for the operations to find, change and delete: tenants with users, robots, a multicast group.
    for (let i = 0; i < 2; i++) {
      const tenant = await makeTenant(t);
      await makeUser(t, tenant.id, { roleCodes: [TENANT_ADMIN_ROLE_CODE] });
      await makeUser(t, tenant.id);
    }
    for (let i = 0; i < 3; i++) await registerRobot(t, token);
    const group = await t.app.inject({
      method: 'POST',
      url: '/api/robot-server/multicast/create',
      headers: as(token),
      payload: {
        name: 'Fuzz group',
        enabled: true,
        ip: '239.1.2.3',
        telecontrolPort: 5000,
        telemetryPort: 5001,
        videoPort: 5002,
        robotIds: [],
      },
    });
    if (group.statusCode !== 200) throw new Error(`multicast group: ${group.statusCode} ${group.body}`);
  });
  afterAll(async () => {
    if (process.env.FUZZ_STATS) {
      for (const [id, counts] of statuses) console.log(id, Object.fromEntries(counts));
    }
    await t.close();
  });

  // vitest needs the list of cases before the app is built: the committed document (held equal to
  // the app's by app.test.ts) names them; each case then takes its operation from the app's own.
  const committed = JSON.parse(readFileSync(OPENAPI_FILE, 'utf8')) as Document;
  const cases = Object.entries(committed.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([, op]) => !SKIPPED.has(op.operationId))
      .map(([method, op]) => ({
        key: `${method.toUpperCase()} ${path} (${op.operationId})`,
        method,
        path,
        id: op.operationId,
      })),
  );

  it.each(cases)('$key answers no 5xx', async ({ method, path, id }) => {
    const operation = doc.paths[path]?.[method];
    expect(operation?.operationId).toBe(id);
    await fc.assert(
      fc.asyncProperty(inputOf(operation!, doc), async (input) => {
        const url = path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(input.path[name] ?? ''));
        const send = () =>
          t.app.inject({
            method: method.toUpperCase() as 'GET' | 'POST',
            url,
            query: input.query,
            headers: {
              ...as(token, input.headers),
              ...(input.body === undefined ? {} : { 'content-type': input.type }),
            },
            ...(input.body === undefined ? {} : { payload: input.body }),
          });
        let res = await send();
        // A refusal because an earlier call ended the session or disabled the administrator (not
        // because of this input's own headers): sign in again and send it once more.
        if ((res.statusCode === 401 || res.statusCode === 403) && operation!.security && !(await signedIn())) {
          await signIn();
          res = await send();
        }
        tally(operation!.operationId, res.statusCode);
        if (res.statusCode >= 500) {
          throw new Error(`${method.toUpperCase()} ${url} answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
        }
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
  });
});
