import { randomUUID } from 'node:crypto';
import {
  robotTopic,
  type AudioFileRow,
  type AudioTrack,
  type CommandRecord,
  type PlaybackResult,
} from '@patrol/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/create-test-app.js';
import { as, login, makeTenant, makeUser } from '../../../test/factories.js';
import { tone } from '../../../test/fixtures/audio/ffmpeg.js';
import { connectAudioRobot, playingState, type AudioRobot } from '../../../test/fixtures/audio/robot.js';
import { registerRobot, until, type RegisteredRobot } from '../../../test/robots.js';
import { FILE_GRANTS, multipartBody } from '../../../test/fixtures/audio/upload.js';
import { voiceSessions } from './voice.tables.js';

const GRANTS = [...FILE_GRANTS, 'POST /api/voice/playback', 'GET /api/robot-server/cmd/page'];

describe('playback on robots', () => {
  let t: TestApp;
  let tenantId: number;
  let token: string;
  let stranger: string;
  let unscoped: string;
  let robot: RegisteredRobot;
  let second: RegisteredRobot;
  let offline: RegisteredRobot;
  let theirRobot: RegisteredRobot;
  let sim: AudioRobot;
  let sim2: AudioRobot;
  let files: AudioFileRow[];
  let theirFile: AudioFileRow;

  const upload = async (bytes: Buffer, name: string, who = token) => {
    const body = await multipartBody(bytes, name);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/voice/files/upload',
      headers: as(who, { 'content-type': body.contentType }),
      payload: body.payload,
    });
    return res.json().data.file as AudioFileRow;
  };
  const playback = (payload: object, who = token) =>
    t.app.inject({ method: 'POST', url: '/api/voice/playback', headers: as(who, { lang: 'en-US' }), payload });
  const recordOf = async (commandId: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/robot-server/cmd/page?index=1&size=5&keyword=${commandId}`,
        headers: as(token),
      })
    ).json().data.rows[0] as CommandRecord | undefined;

  beforeAll(async () => {
    t = await createTestApp();
    tenantId = (await makeTenant(t)).id;
    const admin = await makeUser(t, tenantId, { grants: GRANTS, roleCodes: ['tenantAdmin'] });
    token = await login(t.app, admin.account, admin.password);
    const plain = await makeUser(t, tenantId, { grants: GRANTS });
    unscoped = await login(t.app, plain.account, plain.password);
    const other = (await makeTenant(t)).id;
    const otherAdmin = await makeUser(t, other, { grants: GRANTS, roleCodes: ['tenantAdmin'] });
    stranger = await login(t.app, otherAdmin.account, otherAdmin.password);

    files = [
      await upload(await tone({ seconds: 2, kbps: 64 }), 'one.mp3'),
      await upload(await tone({ seconds: 3, kbps: 96 }), 'two.mp3'),
    ];
    theirFile = await upload(await tone({ seconds: 1, kbps: 32 }), 'theirs.mp3', stranger);
    robot = await registerRobot(t, token);
    second = await registerRobot(t, token);
    offline = await registerRobot(t, token);
    theirRobot = await registerRobot(t, stranger);
    sim = await connectAudioRobot(t, robot);
    sim2 = await connectAudioRobot(t, second);
    await sim.sendAudio(playingState([], 'idle'));
    await sim2.sendAudio(playingState([], 'idle'));
    await until(() => t.app.monitoring.robotIn(tenantId, robot.robotId)?.online);
    await until(() => t.app.monitoring.robotIn(tenantId, second.robotId)?.online);
  });
  afterAll(async () => {
    await sim?.close();
    await sim2?.close();
    await t?.close();
  });

  it('sends audioPlay with the playlist in order, each track a signed URL of its content, and follows the replies', async () => {
    const sent = sim.commands.length;
    const res = await playback({
      robotIds: [robot.robotId, second.robotId],
      action: 'play',
      fileIds: [files[1]!.fileId, files[0]!.fileId],
      mode: 'singleLoop',
    });
    expect(res.statusCode).toBe(200);
    const { outcomes } = res.json().data as PlaybackResult;
    expect(outcomes.map((o) => [o.robotId, o.error])).toEqual([
      [robot.robotId, null],
      [second.robotId, null],
    ]);
    const command = await until(() => sim.commands.slice(sent).find((c) => c.id === outcomes[0]!.commandId));
    expect(command.name).toBe('audioPlay');
    const args = command.args as { tracks: AudioTrack[]; mode: string };
    expect(args.mode).toBe('singleLoop');
    expect(args.tracks.map((tr) => [tr.fileId, tr.name, tr.sha256, tr.durationMs, tr.size])).toEqual(
      [files[1]!, files[0]!].map((f) => [f.fileId, f.name, f.sha256, f.durationMs, f.size]),
    );
    // The robot downloads each track from the console it knows, with the URL as given.
    for (const track of args.tracks) {
      expect(track.url).toMatch(/^\/api\/media\/audio\/\d+\?t=/);
      const content = await t.app.inject({ method: 'GET', url: track.url });
      expect(content.statusCode).toBe(200);
      expect(content.rawPayload.length).toBe(track.size);
    }
    await until(() => sim2.commands.find((c) => c.id === outcomes[1]!.commandId));

    // The robot's replies move the command's record, as every command's do.
    const id = outcomes[0]!.commandId!;
    expect((await recordOf(id))?.status).toBe('sent');
    for (const phase of ['sync', 'async'] as const)
      await sim.client.publishAsync(
        robotTopic(robot.serial, 'cmd/reply'),
        JSON.stringify({ id, phase, code: 0, ts: Date.now() }),
        { qos: 1 },
      );
    const done = await until(async () => {
      const r = await recordOf(id);
      return r?.status === 'done' ? r : undefined;
    });
    expect(done).toMatchObject({
      name: 'audioPlay',
      recordId: outcomes[0]!.recordId,
      topic: `patrol/${robot.serial}/cmd`,
    });
  });

  it('sends volume, mute, mode and the player commands with their arguments', async () => {
    const cases: [object, string, object][] = [
      [{ action: 'volume', volume: 35 }, 'audioVolume', { volume: 35 }],
      [{ action: 'mute', muted: true }, 'audioMute', { muted: true }],
      [{ action: 'mode', mode: 'shuffle' }, 'audioMode', { mode: 'shuffle' }],
      [{ action: 'pause' }, 'audioPause', {}],
      [{ action: 'resume' }, 'audioResume', {}],
      [{ action: 'next' }, 'audioNext', {}],
      [{ action: 'previous' }, 'audioPrevious', {}],
      [{ action: 'stop' }, 'audioStop', {}],
    ];
    for (const [body, name, args] of cases) {
      const res = await playback({ robotIds: [robot.robotId], ...body });
      expect(res.statusCode, name).toBe(200);
      const id = (res.json().data as PlaybackResult).outcomes[0]!.commandId;
      const command = await until(() => sim.commands.find((c) => c.id === id), 8000, name);
      expect([command.name, command.args]).toEqual([name, args]);
    }
    const bad = await playback({ robotIds: [robot.robotId], action: 'volume', volume: 101 });
    expect(bad.statusCode).toBe(422);
    expect(JSON.stringify(bad.json())).toContain('The volume is a whole number from 0 to 100');
    expect((await playback({ robotIds: [robot.robotId], action: 'play', mode: 'sequence' })).statusCode).toBe(422);
  });

  it("says which robot is offline and still sends the others' commands", async () => {
    const res = await playback({ robotIds: [offline.robotId, robot.robotId], action: 'volume', volume: 20 });
    expect(res.statusCode).toBe(200);
    const { outcomes } = res.json().data as PlaybackResult;
    expect(outcomes[0]).toEqual({
      robotId: offline.robotId,
      robotName: `Robot ${offline.serial}`,
      recordId: null,
      commandId: null,
      error: 'The robot is offline',
    });
    expect(outcomes[1]!.error).toBeNull();
    await until(() => sim.commands.find((c) => c.id === outcomes[1]!.commandId));
  });

  it("refuses the whole request for another tenant's robot or file, or a robot outside the caller's scope, sending nothing", async () => {
    const before = sim.commands.length;
    const foreign = await playback({ robotIds: [robot.robotId, theirRobot.robotId], action: 'stop' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('The robot does not exist');
    const file = await playback({
      robotIds: [robot.robotId],
      action: 'play',
      fileIds: [files[0]!.fileId, theirFile.fileId],
      mode: 'sequence',
    });
    expect(file.statusCode).toBe(404);
    expect(file.json().message).toBe('The audio file does not exist');
    expect((await playback({ robotIds: [robot.robotId], action: 'stop' }, unscoped)).statusCode).toBe(404);
    await new Promise((r) => setTimeout(r, 300));
    expect(sim.commands.length).toBe(before);
  });

  it('refuses to play over a live announcement unless the operator ends it', async () => {
    // The announcement lock is the open session row, which the intercom reads and ends.
    const sessionId = randomUUID();
    await t.db.insert(voiceSessions).values({
      id: sessionId,
      tenantId,
      robotId: second.robotId,
      robotName: `Robot ${second.serial}`,
      serialNumber: second.serial,
      userId: 1,
      operatorName: 'Announcer',
    });
    const open = async (robotId: number) =>
      (
        await t.db
          .select()
          .from(voiceSessions)
          .where(and(eq(voiceSessions.robotId, robotId), isNull(voiceSessions.endedAt)))
      )[0];
    const play = {
      robotIds: [robot.robotId, second.robotId],
      action: 'play',
      fileIds: [files[0]!.fileId],
      mode: 'sequence',
    };
    const before = sim.commands.length;
    const refused = await playback(play);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('The robot is in a live announcement; end it first');
    await new Promise((r) => setTimeout(r, 300));
    expect(sim.commands.length).toBe(before);
    expect(await open(second.robotId)).toBeDefined();
    // The volume does not take the loudspeaker.
    expect((await playback({ robotIds: [second.robotId], action: 'volume', volume: 50 })).statusCode).toBe(200);

    const res = await playback({ ...play, stopAnnouncement: true });
    expect(res.statusCode).toBe(200);
    expect(await open(second.robotId)).toBeUndefined();
    const [closed] = await t.db.select().from(voiceSessions).where(eq(voiceSessions.id, sessionId));
    expect(closed!.endReason).toBe('audio');
    const id = (res.json().data as PlaybackResult).outcomes[1]!.commandId;
    expect((await until(() => sim2.commands.find((c) => c.id === id))).name).toBe('audioPlay');
  });

  it('refuses the route to a role without its grant', async () => {
    const user = await makeUser(t, tenantId, { grants: ['GET /api/voice/files'], roleCodes: ['tenantAdmin'] });
    const other = await login(t.app, user.account, user.password);
    expect((await playback({ robotIds: [robot.robotId], action: 'stop' }, other)).statusCode).toBe(403);
  });
});
