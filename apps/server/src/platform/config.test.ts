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
