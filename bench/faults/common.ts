// What the fault scenarios share: the server on a fresh database, a console's HTTP calls, a writer
// that creates stations as the console would and remembers which were acknowledged, the check that
// every acknowledged one is there once with its operation-log row, console sockets, and the report.
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import WebSocket from 'ws';
import {
  authApi,
  HEADERS,
  type CommandRecord,
  type OperationLogRow,
  type RobotRow,
  type StationRow,
} from '@patrol/contracts';
import { startFleet } from '@patrol/robot-sim';
import { startServer, type RunningServer } from '../server-process.js';

export const QUICK = process.env.FAULTS_QUICK === '1';
export const PASSWORD = 'Faults-admin-1x';
export const sleep = (n: number) => new Promise((r) => setTimeout(r, n));

/** `robots` simulated robots registered as the administrator, reporting telemetry only (no events, no uploads). */
export function startQuietFleet(apiUrl: string, brokerUrl: string, robots: number, prefix: string) {
  return startFleet({
    apiUrl,
    brokerUrl,
    account: 'admin',
    password: PASSWORD,
    robots,
    prefix,
    keysFile: null,
    eventChance: 0,
    uploadChance: 0,
  });
}

export type DatabaseKind = 'pglite' | 'postgres';

/**
 * A fresh database for one scenario: a PGlite data folder, or a database `faults_<pid>_<n>` made on
 * the PostgreSQL of TEST_DATABASE_URL. `env` starts the server on it; `drop` removes it.
 */
export type FreshDatabase = {
  kind: DatabaseKind;
  /** The PostgreSQL URL of the database (null on PGlite). */
  url: string | null;
  env: Record<string, string>;
  drop(): Promise<void>;
};

let made = 0;

export async function freshDatabase(kind: DatabaseKind): Promise<FreshDatabase> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'patrol-faults-'));
  if (kind === 'pglite') {
    return {
      kind,
      url: null,
      env: { DATA_DIR: dataDir },
      drop: () => rm(dataDir, { recursive: true, force: true }),
    };
  }
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  const name = `faults_${process.pid}_${++made}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    kind,
    url: url.toString(),
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    drop: async () => {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Starts the compiled server with the scenario's settings (the first administrator's password set). */
export function start(env: Record<string, string>): Promise<RunningServer> {
  return startServer({ PATROL_ADMIN_PASSWORD: PASSWORD, ...env });
}

type Envelope<T> = { code: number; message: string; data: T };
export type Answer<T> = { status: number; message: string; data: T | null; ms: number };

/** The console's HTTP calls as the browser makes them (a bearer token, English messages). */
export class Console {
  token = '';
  userId = 0;
  constructor(public url: string) {}

  async call<T>(method: 'GET' | 'POST', route: string, body?: unknown, timeoutMs = 15_000): Promise<Answer<T>> {
    const t0 = performance.now();
    const res = await fetch(`${this.url}/api${route}`, {
      method,
      headers: {
        [HEADERS.language]: 'en-US',
        ...(this.token ? { [HEADERS.authorization]: `Bearer ${this.token}` } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const envelope = (await res.json().catch(() => null)) as Envelope<T> | null;
    return {
      status: res.status,
      message: envelope?.message ?? '',
      data: res.ok && envelope?.code === 200 ? envelope.data : null,
      ms: performance.now() - t0,
    };
  }

  async get<T>(route: string): Promise<T> {
    const answer = await this.call<T>('GET', route);
    if (answer.data === null) throw new Error(`GET ${route}: ${answer.status} ${answer.message}`);
    return answer.data;
  }

  async signIn(): Promise<void> {
    const digest = createHash('sha256').update(PASSWORD).digest('hex');
    const answer = await this.call<{ token: string; user: { userId: number } }>('POST', authApi.login.path, {
      account: 'admin',
      password: digest,
    });
    if (!answer.data) throw new Error(`sign-in: ${answer.status} ${answer.message}`);
    this.token = answer.data.token;
    this.userId = answer.data.user.userId;
  }

  stations(): Promise<StationRow[]> {
    return this.get<StationRow[]>('/robot-server/station/list');
  }

  async robots(): Promise<RobotRow[]> {
    return (await this.get<{ rows: RobotRow[] }>('/robot-server/robot/page?index=1&size=200')).rows;
  }

  /** Every operation-log row of the tenant. */
  async operationLogs(): Promise<OperationLogRow[]> {
    const all: OperationLogRow[] = [];
    for (let index = 1; ; index++) {
      const page = await this.get<{ rows: OperationLogRow[]; total: number }>(
        `/log-server/operation/page?index=${index}&size=200`,
      );
      all.push(...page.rows);
      if (page.rows.length === 0 || all.length >= page.total) return all;
    }
  }

  /** Every command record of the tenant. */
  async commands(): Promise<CommandRecord[]> {
    const all: CommandRecord[] = [];
    for (let index = 1; ; index++) {
      const page = await this.get<{ rows: CommandRecord[]; total: number }>(
        `/robot-server/cmd/page?index=${index}&size=200`,
      );
      all.push(...page.rows);
      if (page.rows.length === 0 || all.length >= page.total) return all;
    }
  }

  /** Waits until every robot named is online, up to `ms`; true when they are. */
  async robotsOnline(serials: string[], ms: number): Promise<boolean> {
    const until = Date.now() + ms;
    while (Date.now() < until) {
      const rows = await this.robots().catch(() => []);
      if (serials.every((s) => rows.find((r) => r.serialNumber === s)?.online)) return true;
      await sleep(250);
    }
    return false;
  }
}

/** A small square area near the default map centre (a station's drawn outline). */
export function area(n: number): [number, number][] {
  const lng = 121.47 + (n % 100) * 0.001;
  const lat = 31.23 + Math.floor(n / 100) * 0.001;
  return [
    [lng, lat],
    [lng + 0.0005, lat],
    [lng + 0.0005, lat + 0.0005],
    [lng, lat + 0.0005],
  ];
}

/**
 * Creates stations one after another on `loops` parallel lanes, as operators would, against the
 * server the `target` names at the time (it changes when the server restarts). An answer 2xx is an
 * acknowledged write; no answer or an error leaves the write's fate unknown (it may or may not be
 * there), which is allowed.
 */
export class Writer {
  readonly acknowledged = new Set<string>();
  readonly unknown = new Set<string>();
  readonly refused = new Map<number, number>();
  private running = false;
  private lanes: Promise<void>[] = [];
  private seq = 0;

  constructor(
    private readonly prefix: string,
    private readonly target: () => Console | null,
    private readonly loops = 4,
  ) {}

  get tried() {
    return this.seq;
  }

  start() {
    this.running = true;
    this.lanes = Array.from({ length: this.loops }, () => this.lane());
  }

  async stop() {
    this.running = false;
    await Promise.all(this.lanes);
  }

  private async lane() {
    while (this.running) {
      const api = this.target();
      if (!api) {
        await sleep(50);
        continue;
      }
      const n = ++this.seq;
      const name = `${this.prefix}-${n}`;
      try {
        const answer = await api.call('POST', '/robot-server/station/create', { name, area: area(n) }, 10_000);
        if (answer.status >= 200 && answer.status < 300) this.acknowledged.add(name);
        else {
          this.unknown.add(name);
          this.refused.set(answer.status, (this.refused.get(answer.status) ?? 0) + 1);
          await sleep(100);
        }
      } catch {
        this.unknown.add(name);
        await sleep(50);
      }
    }
  }
}

export type WriteCheck = {
  acknowledged: number;
  present: number;
  lost: string[];
  duplicated: string[];
  noLog: string[];
};

/**
 * Every acknowledged station is present once and has the operation-log row of its creation (its
 * outcome `success`, or `unknown` when the database went away between the change and its outcome).
 */
export async function checkWrites(api: Console, writer: Writer, prefix: string): Promise<WriteCheck> {
  const stations = (await api.stations()).filter((s) => s.name.startsWith(`${prefix}-`));
  const count = new Map<string, number>();
  for (const s of stations) count.set(s.name, (count.get(s.name) ?? 0) + 1);
  const logged = new Set<string>();
  for (const row of await api.operationLogs()) {
    if (!row.route.includes('/station/create') || row.result === 'failure' || !row.params) continue;
    const name = /"name":"([^"]+)"/.exec(row.params)?.[1];
    if (name) logged.add(name);
  }
  const lost = [...writer.acknowledged].filter((n) => !count.has(n));
  const duplicated = [...count].filter(([, c]) => c > 1).map(([n]) => n);
  const noLog = [...writer.acknowledged].filter((n) => !logged.has(n));
  return { acknowledged: writer.acknowledged.size, present: stations.length, lost, duplicated, noLog };
}

/** A console socket watching the robots' live state; it keeps the close code it got. */
export type ConsoleSocket = { ws: WebSocket; messages: () => number; closed: Promise<number> };

export async function openConsoleSocket(api: Console): Promise<ConsoleSocket> {
  const ws = new WebSocket(`${api.url.replace('http', 'ws')}/api/ws/msg/${api.userId}`);
  let messages = 0;
  const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    ws.on('message', (data) => {
      const message = JSON.parse(data.toString()) as { type: string };
      if (message.type === 'ready') {
        ws.send(JSON.stringify({ type: 'subscribe', topic: 'robots' }));
        resolve();
      } else messages++;
    });
    ws.once('open', () => ws.send(JSON.stringify({ type: 'auth', token: api.token })));
    ws.once('error', reject);
  });
  ws.on('error', () => undefined);
  return { ws, messages: () => messages, closed };
}

/** What one scenario found: its lines to print and the expectations that failed. */
export class Report {
  readonly lines: string[] = [];
  readonly failures: string[] = [];
  constructor(readonly name: string) {}

  line(text: string) {
    this.lines.push(text);
    console.log(`  ${text}`);
  }

  expect(ok: boolean, what: string) {
    if (!ok) {
      this.failures.push(what);
      console.log(`  FAILED: ${what}`);
    }
  }

  /** Prints and checks a write check: nothing lost, nothing twice, every acknowledged write logged. */
  writes(check: WriteCheck, writer: Writer) {
    const refused = [...writer.refused].map(([status, n]) => `${n}×${status}`).join(', ');
    this.line(
      `writes: tried ${writer.tried}, acknowledged ${check.acknowledged}, unanswered or refused ${writer.unknown.size}` +
        `${refused ? ` (${refused})` : ''}, present ${check.present}; lost ${check.lost.length}, ` +
        `duplicated ${check.duplicated.length}, acknowledged without operation-log row ${check.noLog.length}`,
    );
    this.expect(check.acknowledged > 0, 'some writes were acknowledged');
    this.expect(check.lost.length === 0, `no acknowledged write lost (lost: ${check.lost.slice(0, 5).join(', ')})`);
    this.expect(check.duplicated.length === 0, `no write present twice (${check.duplicated.slice(0, 5).join(', ')})`);
    this.expect(
      check.noLog.length === 0,
      `every acknowledged write has its operation-log row (missing: ${check.noLog.slice(0, 5).join(', ')})`,
    );
  }
}

/** Polls `fn` until it returns true or `ms` pass; true when it did. */
export async function until(fn: () => Promise<boolean> | boolean, ms: number, every = 200): Promise<boolean> {
  const end = Date.now() + ms;
  for (;;) {
    if (await Promise.resolve(fn()).catch(() => false)) return true;
    if (Date.now() > end) return false;
    await sleep(every);
  }
}
