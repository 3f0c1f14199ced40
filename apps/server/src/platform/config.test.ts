import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, effectiveSettings, loadConfig, SETTINGS } from './config.js';

describe('SOCKET_ORIGINS', () => {
  it('is empty when unset and keeps each listed origin in its normal form', () => {
    expect(loadConfig({}).socketOrigins).toEqual([]);
    expect(
      loadConfig({ SOCKET_ORIGINS: ' https://Console.Example.com/ , http://10.0.0.5:8080' }).socketOrigins,
    ).toEqual(['https://console.example.com', 'http://10.0.0.5:8080']);
  });

  it('refuses what is not an http or https origin', () => {
    expect(() => loadConfig({ SOCKET_ORIGINS: 'console.example.com' })).toThrow(/SOCKET_ORIGINS/);
    expect(() => loadConfig({ SOCKET_ORIGINS: 'ftp://console.example.com' })).toThrow(/SOCKET_ORIGINS/);
  });
});

describe('FILE_STORAGE and ALARM_ESCALATION_MS', () => {
  it('keeps files in the database with PostgreSQL, else on disk, unless told', () => {
    expect(loadConfig({}).fileStorage).toBe('disk');
    expect(loadConfig({ DATABASE_URL: 'postgres://x@h/db' }).fileStorage).toBe('database');
    expect(loadConfig({ DATABASE_URL: 'postgres://x@h/db', FILE_STORAGE: 'disk' }).fileStorage).toBe('disk');
    expect(loadConfig({ FILE_STORAGE: 'database' }).fileStorage).toBe('database');
    expect(() => loadConfig({ FILE_STORAGE: 's3' })).toThrow(/FILE_STORAGE/);
  });

  it('escalates after two minutes unless told, within bounds', () => {
    expect(loadConfig({}).alarmEscalationMs).toBe(120_000);
    expect(loadConfig({ ALARM_ESCALATION_MS: '30000' }).alarmEscalationMs).toBe(30_000);
    for (const bad of ['0', '999', '1.5', 'soon', '86400001']) {
      expect(() => loadConfig({ ALARM_ESCALATION_MS: bad })).toThrow(/ALARM_ESCALATION_MS/);
    }
  });
});

describe('COMMAND_RESULT_TIMEOUT_MS', () => {
  it('closes an accepted command without result after 15 minutes unless told, within bounds', () => {
    expect(loadConfig({}).commandResultTimeoutMs).toBe(15 * 60_000);
    expect(loadConfig({ COMMAND_RESULT_TIMEOUT_MS: '2000' }).commandResultTimeoutMs).toBe(2000);
    for (const bad of ['0', '999', '1.5', 'soon', '86400001']) {
      expect(() => loadConfig({ COMMAND_RESULT_TIMEOUT_MS: bad })).toThrow(/COMMAND_RESULT_TIMEOUT_MS/);
    }
  });
});

describe('VOICE_ICE_SERVERS and VOICE_ANSWER_TIMEOUT_MS', () => {
  it('has no ICE servers unless told, and takes a JSON array of STUN and TURN servers', () => {
    expect(loadConfig({}).voiceIceServers).toEqual([]);
    const servers = [
      { urls: 'stun:stun.example.net:3478' },
      { urls: ['turn:turn.example.net:3478', 'turns:turn.example.net:5349'], username: 'u', credential: 'p' },
    ];
    expect(loadConfig({ VOICE_ICE_SERVERS: JSON.stringify(servers) }).voiceIceServers).toEqual(servers);
    expect(loadConfig({ VOICE_ICE_SERVERS: ' [] ' }).voiceIceServers).toEqual([]);
  });

  it('refuses at start what is not such an array, saying what is wrong', () => {
    for (const bad of [
      'stun:stun.example.net',
      '{"urls":"stun:a"}',
      '[{"url":"stun:a"}]',
      '[{"urls":"http://a"}]',
      '[{"urls":"stun:a","username":3}]',
    ]) {
      expect(() => loadConfig({ VOICE_ICE_SERVERS: bad })).toThrow(/VOICE_ICE_SERVERS/);
    }
  });

  it('waits ten seconds for the answer unless told, within bounds', () => {
    expect(loadConfig({}).voiceAnswerTimeoutMs).toBe(10_000);
    expect(loadConfig({ VOICE_ANSWER_TIMEOUT_MS: '3000' }).voiceAnswerTimeoutMs).toBe(3000);
    expect(() => loadConfig({ VOICE_ANSWER_TIMEOUT_MS: '10' })).toThrow(/VOICE_ANSWER_TIMEOUT_MS/);
  });
});

describe('every setting checked at once', () => {
  const problemsOf = (env: NodeJS.ProcessEnv): string[] => {
    try {
      loadConfig(env);
    } catch (error) {
      if (error instanceof ConfigError) return error.problems;
      throw error;
    }
    return [];
  };

  it('lists every wrong setting, each in one sentence naming it, what it must be and what it got', () => {
    const problems = problemsOf({
      PORT: '80800',
      MQTT_PORT: 'x',
      LOG_LEVEL: 'verbose',
      FILE_STORAGE: 's3',
      SHUTDOWN_DRAIN_MS: '-5',
      METRICS: 'maybe',
      MQTT_DYNSEC: 'sure',
      TRUST_PROXY: '10.0.0.1,proxy one',
      INSTANCE_ID: 'console one',
    });
    expect(problems).toEqual([
      'PORT must be an integer from 0 to 65535, got "80800".',
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "verbose".',
      'TRUST_PROXY must be true, false or a list of proxy addresses (IP or CIDR), got "proxy one".',
      'FILE_STORAGE must be disk or database, got "s3".',
      'INSTANCE_ID must be 1 to 100 letters, digits, ".", "_", ":" or "-", got "console one".',
      'MQTT_PORT must be an integer from 0 to 65535, got "x".',
      'MQTT_DYNSEC must be 1 or 0 (true or false), got "sure".',
      'SHUTDOWN_DRAIN_MS must be a whole number of milliseconds from 0 to 300000, got "-5".',
      'METRICS must be 1 or 0 (true or false), got "maybe".',
    ]);
    expect(() => loadConfig({ PORT: '80800', LOG_LEVEL: 'verbose' })).toThrow(/PORT[^]*\n[^]*LOG_LEVEL/);
  });

  it('never repeats a secret in a problem', () => {
    const problems = problemsOf({
      DATABASE_URL: 'mysql://patrol:Hunter2-secret@db/patrol',
      REDIS_URL: 'Hunter2-secret',
      MEDIA_SECRET: 'Hunter2-secret',
      VOICE_ICE_SERVERS: '[{"urls":"http://turn","username":"u","credential":"Hunter2-secret"}]',
    });
    expect(problems).toHaveLength(4);
    expect(problems.join('\n')).not.toContain('Hunter2');
    expect(problems[0]).toBe(
      'DATABASE_URL must be a URL starting with postgres:// or postgresql://, got "mysql://patrol:******@db/patrol".',
    );
    expect(problems).toContain('MEDIA_SECRET must be at least 32 characters long, got 14.');
  });

  it('reads the new settings: drain, instance, metrics', () => {
    const defaults = loadConfig({});
    expect(defaults.shutdownDrainMs).toBe(5000);
    expect(defaults.instanceId).toMatch(new RegExp(`-${process.pid}$`));
    expect(defaults.metrics).toEqual({ enabled: true, token: null, port: null, host: '127.0.0.1' });
    const set = loadConfig({
      SHUTDOWN_DRAIN_MS: '0',
      INSTANCE_ID: 'console-a',
      METRICS: 'false',
      METRICS_TOKEN: ' scrape-token ',
      METRICS_PORT: '9464',
      METRICS_HOST: '0.0.0.0',
    });
    expect(set.shutdownDrainMs).toBe(0);
    expect(set.instanceId).toBe('console-a');
    expect(set.metrics).toEqual({ enabled: false, token: 'scrape-token', port: 9464, host: '0.0.0.0' });
    expect(problemsOf({ METRICS_PORT: '8080' })).toEqual([
      'METRICS_PORT must differ from PORT (the main port), got 8080 for both.',
    ]);
  });
});

describe('secrets from files (NAME_FILE)', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'patrol-config-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));
  const file = async (name: string, content: string) => {
    const p = path.join(dir, name);
    await writeFile(p, content);
    return p;
  };

  it('takes the file content without its trailing newline, spaces kept', async () => {
    const config = loadConfig({
      DATABASE_URL_FILE: await file('db', 'postgres://patrol:s3cret@db/patrol\n'),
      PATROL_ADMIN_PASSWORD_FILE: await file('admin', ' Choose1Strong \r\n'),
      MQTT_PASSWORD_FILE: await file('mqtt', 'broker-pass\n\n'),
      METRICS_TOKEN_FILE: await file('metrics', 'scrape-token'),
    });
    expect(config.databaseUrl).toBe('postgres://patrol:s3cret@db/patrol');
    expect(config.adminPassword).toBe(' Choose1Strong ');
    expect(config.mqttPassword).toBe('broker-pass');
    expect(config.metrics.token).toBe('scrape-token');
  });

  it('names a missing or empty file, and refuses both NAME and NAME_FILE', async () => {
    const missing = path.join(dir, 'nope');
    const empty = await file('empty', '\n');
    expect(() =>
      loadConfig({
        REDIS_URL_FILE: missing,
        MEDIA_SECRET_FILE: empty,
        MQTT_USERNAME: 'console',
        MQTT_USERNAME_FILE: empty,
      }),
    ).toThrow(
      new ConfigError([
        `MQTT_USERNAME and MQTT_USERNAME_FILE are both set in the environment: set only one of them.`,
        `REDIS_URL_FILE must name a readable file, got "${missing}" (ENOENT).`,
        `MEDIA_SECRET_FILE must name a file holding the value, got the empty file "${empty}".`,
      ]),
    );
  });
});

describe('the configuration file (PATROL_CONFIG)', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'patrol-config-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));
  const configFile = async (content: string) => {
    const p = path.join(dir, `patrol-${Math.random().toString(36).slice(2)}.env`);
    await writeFile(p, content);
    return p;
  };

  it('reads KEY=value lines, comments and quotes; the environment wins over it', async () => {
    const secretFile = path.join(dir, 'media');
    await writeFile(secretFile, `${'m'.repeat(40)}\n`);
    const PATROL_CONFIG = await configFile(
      [
        '# the console on this host',
        '',
        'PORT=9090',
        'export LOG_LEVEL=warn',
        'MQTT_PASSWORD="pa#ss word"',
        "INSTANCE_ID='console-b'",
        `MEDIA_SECRET_FILE=${secretFile}`,
        'DATABASE_URL=postgres://from-file@db/patrol',
      ].join('\n'),
    );
    const config = loadConfig({ PATROL_CONFIG, LOG_LEVEL: 'debug' });
    expect(config.port).toBe(9090);
    expect(config.logLevel).toBe('debug');
    expect(config.mqttPassword).toBe('pa#ss word');
    expect(config.instanceId).toBe('console-b');
    expect(config.mediaSecret).toBe('m'.repeat(40));
    expect(() => loadConfig({ PATROL_CONFIG, DATABASE_URL_FILE: `${secretFile}-absent` })).toThrow(
      /^DATABASE_URL_FILE must name a readable file/,
    );
    expect(loadConfig({ PATROL_CONFIG, DATABASE_URL: 'postgres://env@db/patrol' }).databaseUrl).toBe(
      'postgres://env@db/patrol',
    );
  });

  it('refuses unknown keys (typos), lines that are not KEY=value, keys set twice and a missing file', async () => {
    const PATROL_CONFIG = await configFile(
      ['DATABSE_URL=postgres://x@h/db', 'PORT=1', 'just a password', 'PORT=2', 'FLUX=1'].join('\n'),
    );
    let problems: string[] = [];
    try {
      loadConfig({ PATROL_CONFIG });
    } catch (error) {
      problems = (error as ConfigError).problems;
    }
    expect(problems).toEqual([
      `PATROL_CONFIG file ${PATROL_CONFIG}, line 1: DATABSE_URL is not a setting of the console (did you mean DATABASE_URL?).`,
      `PATROL_CONFIG file ${PATROL_CONFIG}, line 3: must be KEY=value, got a line without a key and "=".`,
      `PATROL_CONFIG file ${PATROL_CONFIG}, line 4: PORT is set again (first on line 2).`,
      `PATROL_CONFIG file ${PATROL_CONFIG}, line 5: FLUX is not a setting of the console.`,
    ]);
    const missing = path.join(dir, 'absent.env');
    expect(() => loadConfig({ PATROL_CONFIG: missing })).toThrow(
      `PATROL_CONFIG must name a readable file, got "${missing}" (ENOENT).`,
    );
  });
});

describe('the effective settings (check-config)', () => {
  it('shows every setting with its source, secrets masked', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'patrol-config-'));
    try {
      const tokenFile = path.join(dir, 'token');
      await writeFile(tokenFile, 'scrape-token\n');
      const settings = effectiveSettings({
        PORT: '9090',
        DATABASE_URL: 'postgres://patrol:s3cret@db:5432/patrol',
        PATROL_ADMIN_PASSWORD: 'Choose1Strong',
        METRICS_TOKEN_FILE: tokenFile,
        VOICE_ICE_SERVERS: '[{"urls":"turn:t","username":"u","credential":"s3cret"}]',
      });
      expect(settings.map((s) => s.name)).toEqual(SETTINGS.map((s) => s.name));
      const byName = Object.fromEntries(settings.map((s) => [s.name, s]));
      expect(byName.PORT).toEqual({ name: 'PORT', value: '9090', source: 'environment' });
      expect(byName.HOST).toEqual({ name: 'HOST', value: '0.0.0.0', source: 'default' });
      expect(byName.DATABASE_URL!.value).toBe('postgres://patrol:******@db:5432/patrol');
      expect(byName.PATROL_ADMIN_PASSWORD!.value).toBe('******');
      expect(byName.METRICS_TOKEN).toEqual({ name: 'METRICS_TOKEN', value: '******', source: 'file', path: tokenFile });
      expect(JSON.stringify(settings)).not.toMatch(/s3cret|Choose1Strong|scrape-token/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('the documentation of the settings', () => {
  /** The setting names in the first column of the tables of a document's section. */
  const documented = (file: string, heading: string): { names: Set<string>; text: string } => {
    const doc = readFileSync(fileURLToPath(new URL(`../../../../${file}`, import.meta.url)), 'utf8');
    const start = doc.indexOf(`\n${heading}\n`);
    expect(start, `${file} has a section "${heading}"`).toBeGreaterThan(-1);
    const end = doc.indexOf('\n## ', start + heading.length + 2);
    const text = doc.slice(start, end < 0 ? undefined : end);
    const names = new Set<string>();
    for (const line of text.split('\n')) {
      if (!line.startsWith('| `')) continue;
      for (const m of line.split('|')[1]!.matchAll(/`([A-Z][A-Z0-9_]+)`/g)) names.add(m[1]!);
    }
    return { names, text };
  };
  const expected = ['PATROL_CONFIG', ...SETTINGS.map((s) => s.name)].sort();

  it("the README's Environment table lists every setting, and every NAME_FILE", () => {
    const { names, text } = documented('README.md', '## Environment');
    expect([...names].sort()).toEqual(expected);
    for (const s of SETTINGS.filter((s) => s.file)) expect(text).toContain(`\`${s.name}_FILE\``);
  });

  it('the operations guide lists every setting', () => {
    const { names, text } = documented('docs/operations.md', '## Settings');
    expect([...names].sort()).toEqual(expected);
    for (const s of SETTINGS.filter((s) => s.file)) expect(text).toContain(`\`${s.name}\``);
  });
});
