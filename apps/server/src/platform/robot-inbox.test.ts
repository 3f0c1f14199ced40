import { describe, expect, it } from 'vitest';
import { createRobotInbox } from './robot-inbox.js';

describe("the robots' inbox between the embedded broker and the server", () => {
  it('holds presence, events and replies until the server listens, the newest within its limit, and no telemetry', () => {
    const inbox = createRobotInbox(3);
    inbox.deliver([
      ['patrol/A/online', '1'],
      ['patrol/A/state', 's1'],
      ['patrol/A/event', '2'],
    ]);
    inbox.deliver([
      ['patrol/A/cmd/reply', '3'],
      ['patrol/A/upload', '4'],
    ]);
    expect(inbox.listening()).toBe(false);
    const taken: string[] = [];
    inbox.listen((topic, body) => taken.push(`${topic} ${body}`));
    expect(inbox.listening()).toBe(true);
    // Beyond the limit the oldest went: three held, in the order they came.
    expect(taken).toEqual(['patrol/A/event 2', 'patrol/A/cmd/reply 3', 'patrol/A/upload 4']);

    inbox.deliver([
      ['patrol/A/state', 's2'],
      ['patrol/A/run', '5'],
    ]);
    expect(taken.slice(3)).toEqual(['patrol/A/state s2', 'patrol/A/run 5']);
  });
});
