import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

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
