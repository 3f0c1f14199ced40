import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:net';
import { Aedes } from 'aedes';
import mqtt from 'mqtt';
import {
  MediaStreamTrack,
  RTCPeerConnection,
  RTCRtpCodecParameters,
  RtpHeader,
  RtpPacket,
  type RTCRtpTransceiver,
} from 'werift';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_MAP_CENTER,
  robotTelemetry,
  robotVoiceReply,
  VOICE_CODEC,
  type RobotTelemetry,
  type RobotVoiceReply,
  type RobotVoiceRequest,
} from '@patrol/contracts';
import { alawDecode, alawEncodeSample, rmsDbfs } from './pcma.js';
import { SimRobot } from './robot.js';
import { makeRoute } from './route.js';

const until = async (check: () => boolean, ms: number) => {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
  return check();
};

/**
 * The operator's browser, played by a werift peer: offers PCMA (sendrecv), sends a 300 Hz tone
 * at -20 dBFS with a full-scale click when asked, and measures what comes back.
 */
class BrowserPeer {
  readonly pc = new RTCPeerConnection({
    codecs: {
      audio: [
        new RTCRtpCodecParameters({
          mimeType: VOICE_CODEC.mimeType,
          clockRate: VOICE_CODEC.clockRate,
          channels: VOICE_CODEC.channels,
          payloadType: VOICE_CODEC.payloadType,
        }),
      ],
    },
  });
  /** Sends the operator's voice (and receives the robot's, unless `split`). */
  private readonly transceiver: RTCRtpTransceiver;
  received = 0;
  private squares = 0;
  private samples = 0;
  private timer: NodeJS.Timeout | undefined;
  private sample = 0;
  private clickAtSample = -1;
  /** When the click's first sample went out (epoch ms). */
  clickSentAt = 0;

  /**
   * `split`: the microphone on a sendonly transceiver and the robot's audio on a recvonly one, as
   * a browser may offer them; else one sendrecv transceiver.
   */
  constructor(split = false) {
    this.transceiver = this.pc.addTransceiver(new MediaStreamTrack({ kind: 'audio' }), {
      direction: split ? 'sendonly' : 'sendrecv',
    });
    const receiving = split ? this.pc.addTransceiver('audio', { direction: 'recvonly' }) : this.transceiver;
    receiving.onTrack.subscribe((track) =>
      track.onReceiveRtp.subscribe((rtp) => {
        this.received++;
        for (const s of alawDecode(rtp.payload)) {
          this.squares += s * s;
          this.samples++;
        }
      }),
    );
  }

  /** RMS of what the robot sent back, dBFS. */
  get heardDbfs(): number {
    return rmsDbfs(this.squares, this.samples);
  }

  async offer(): Promise<string> {
    await this.pc.setLocalDescription(await this.pc.createOffer());
    if (this.pc.iceGatheringState !== 'complete') {
      await new Promise<void>((resolve) =>
        this.pc.iceGatheringStateChange.subscribe((state) => state === 'complete' && resolve()),
      );
    }
    return this.pc.localDescription!.sdp;
  }

  startTone() {
    let seq = 1000;
    let timestamp = 5000;
    this.timer = setInterval(() => {
      const payload = Buffer.alloc(160);
      for (let i = 0; i < 160; i++, this.sample++) {
        const inClick =
          this.clickAtSample >= 0 && this.sample >= this.clickAtSample && this.sample < this.clickAtSample + 40;
        if (this.sample === this.clickAtSample) this.clickSentAt = Date.now() + i / 8;
        const tone = Math.SQRT2 * 3277 * Math.sin((2 * Math.PI * 300 * this.sample) / 8000);
        payload[i] = alawEncodeSample(inClick ? 30_000 : tone);
      }
      const header = new RtpHeader({ payloadType: 8, sequenceNumber: seq++ & 0xffff, timestamp });
      timestamp += 160;
      void this.transceiver.sender.sendRtp(new RtpPacket(header, payload));
    }, 20);
  }

  /** A click in the next packet. */
  click() {
    this.clickAtSample = this.sample + 80;
  }

  async close() {
    clearInterval(this.timer);
    await this.pc.close();
  }
}

describe('voice peer of the simulated robot (real WebRTC over MQTT signalling)', () => {
  let broker: Aedes;
  let server: Server;
  let url: string;
  let control: mqtt.MqttClient;
  const replies: RobotVoiceReply[] = [];
  const states: { serial: string; state: RobotTelemetry }[] = [];
  beforeAll(async () => {
    broker = await Aedes.createBroker();
    server = createServer(broker.handle);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    url = `mqtt://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    control = await mqtt.connectAsync(url, { clientId: 'voice-control' });
    await control.subscribeAsync(['patrol/+/voice/reply', 'patrol/+/state'], { qos: 1 });
    control.on('message', (topic, payload) => {
      const body: unknown = JSON.parse(payload.toString());
      if (topic.endsWith('/voice/reply')) replies.push(robotVoiceReply.parse(body));
      else states.push({ serial: topic.split('/')[1]!, state: robotTelemetry.parse(body) });
    });
  });
  afterAll(async () => {
    await control.endAsync();
    await new Promise<void>((resolve) => broker.close(() => resolve()));
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const robot = (serial: string) =>
    new SimRobot({
      serial,
      privateKey: generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      keyVersion: 1,
      brokerUrl: url,
      route: makeRoute(DEFAULT_MAP_CENTER, 0),
      telemetryMs: 100,
      eventChance: 0,
      uploadChance: 0,
    });
  const send = (serial: string, request: RobotVoiceRequest) =>
    control.publishAsync(`patrol/${serial}/voice`, JSON.stringify(request), { qos: 1 });
  const repliesOf = (sessionId: string) => replies.filter((r) => r.sessionId === sessionId);
  const lastState = (serial: string) => states.filter((s) => s.serial === serial).at(-1)?.state;

  it('answers an offer, hears the operator (level, click onset), talks back, and hangs up', async () => {
    const sim = robot('SIM-V1');
    await sim.connect();
    const browser = new BrowserPeer();
    const sessionId = randomUUID();
    try {
      await send('SIM-V1', {
        type: 'offer',
        sessionId,
        sdp: await browser.offer(),
        iceServers: [],
        operatorName: 'Operator One',
        ts: Date.now(),
      });
      expect(await until(() => repliesOf(sessionId).some((r) => r.type === 'answer'), 10_000)).toBe(true);
      const answer = repliesOf(sessionId).find((r) => r.type === 'answer')!;
      if (answer.type !== 'answer') throw new Error('no answer');
      expect(answer.sdp).toMatch(/a=rtpmap:8 PCMA\/8000/);
      expect(answer.sdp).toMatch(/a=sendrecv/);
      expect(answer.sdp).toMatch(/a=candidate:/);
      expect(sim.voice.announcing).toBe(true);
      await browser.pc.setRemoteDescription({ type: 'answer', sdp: answer.sdp });
      expect(await until(() => repliesOf(sessionId).some((r) => r.type === 'connected'), 10_000)).toBe(true);

      browser.startTone();
      await new Promise((r) => setTimeout(r, 1200));
      browser.click();
      const levels = () => repliesOf(sessionId).filter((r) => r.type === 'level');
      expect(await until(() => levels().some((r) => r.packets > 30 && r.level > -40), 5000)).toBe(true);
      // The tone at -20 dBFS RMS, as the robot measures it over a second (A-law costs a fraction of a dB).
      const loud = levels().filter((r) => r.packets > 30);
      expect(Math.max(...loud.map((r) => r.level))).toBeGreaterThan(-22);
      expect(Math.max(...loud.map((r) => r.level))).toBeLessThan(-17);

      expect(await until(() => sim.voice.onsets.length > 0, 3000)).toBe(true);
      expect(sim.voice.onsets).toHaveLength(1);
      const delay = sim.voice.onsets[0]! - browser.clickSentAt;
      expect(delay).toBeGreaterThanOrEqual(-5);
      expect(delay).toBeLessThan(200);

      // The robot's tone came back: about 50 packets a second of a -20 dBFS tone.
      expect(browser.received).toBeGreaterThan(50);
      expect(browser.heardDbfs).toBeGreaterThan(-21);
      expect(browser.heardDbfs).toBeLessThan(-19);

      // Announcing shows in telemetry, on the wire.
      expect(await until(() => lastState('SIM-V1')?.audio?.announcing === true, 2000)).toBe(true);

      // A second caller meanwhile is refused.
      const other = randomUUID();
      const second = new BrowserPeer();
      await send('SIM-V1', {
        type: 'offer',
        sessionId: other,
        sdp: await second.offer(),
        iceServers: [],
        operatorName: 'Operator Two',
        ts: Date.now(),
      });
      expect(await until(() => repliesOf(other).length > 0, 5000)).toBe(true);
      expect(repliesOf(other)).toMatchObject([{ type: 'error', message: 'busy' }]);
      await second.close();
      expect(sim.voice.sessionId).toBe(sessionId);

      // A hangup for another session changes nothing; the console's hangup ends it.
      await send('SIM-V1', { type: 'hangup', sessionId: other, reason: 'ended', ts: Date.now() });
      await new Promise((r) => setTimeout(r, 200));
      expect(sim.voice.announcing).toBe(true);
      await send('SIM-V1', { type: 'hangup', sessionId, reason: 'ended', ts: Date.now() });
      expect(await until(() => !sim.voice.announcing, 3000)).toBe(true);
      const heard = browser.received;
      await new Promise((r) => setTimeout(r, 300));
      // The tone stopped (a packet or two may have been on their way).
      expect(browser.received - heard).toBeLessThan(3);
      const at = Date.now();
      const after = () => lastState('SIM-V1');
      expect(await until(() => (after()?.ts ?? 0) > at && after()?.audio?.announcing === false, 2000)).toBe(true);
      expect(sim.voice.lastStats?.lost).toBe(0);
    } finally {
      await browser.close();
      await sim.disconnect();
    }
  }, 30_000);

  it('answers a microphone and a receiver on two transceivers (sendonly, recvonly)', async () => {
    const sim = robot('SIM-V3');
    await sim.connect();
    const browser = new BrowserPeer(true);
    const sessionId = randomUUID();
    try {
      await send('SIM-V3', {
        type: 'offer',
        sessionId,
        sdp: await browser.offer(),
        iceServers: [],
        operatorName: 'Operator Three',
        ts: Date.now(),
      });
      expect(await until(() => repliesOf(sessionId).some((r) => r.type === 'answer'), 10_000)).toBe(true);
      const answer = repliesOf(sessionId).find((r) => r.type === 'answer');
      if (answer?.type !== 'answer') throw new Error('no answer');
      // The robot receives on the first section and sends on the second.
      const sections = answer.sdp.split(/\r?\nm=/).slice(1);
      expect(sections).toHaveLength(2);
      expect(sections[0]).toMatch(/a=recvonly/);
      expect(sections[1]).toMatch(/a=sendonly/);
      await browser.pc.setRemoteDescription({ type: 'answer', sdp: answer.sdp });
      expect(await until(() => repliesOf(sessionId).some((r) => r.type === 'connected'), 10_000)).toBe(true);
      browser.startTone();
      const levels = () => repliesOf(sessionId).filter((r) => r.type === 'level');
      expect(await until(() => levels().some((r) => r.packets > 30 && r.level > -40), 5000)).toBe(true);
      expect(await until(() => browser.received > 50, 3000)).toBe(true);
      expect(browser.heardDbfs).toBeGreaterThan(-21);
      await send('SIM-V3', { type: 'hangup', sessionId, reason: 'closed', ts: Date.now() });
      expect(await until(() => !sim.voice.announcing, 3000)).toBe(true);
    } finally {
      await browser.close();
      await sim.disconnect();
    }
  }, 30_000);

  it('refuses an offer it cannot take, and ends the announcement when it goes offline', async () => {
    const sim = robot('SIM-V2');
    await sim.connect();
    const bad = randomUUID();
    await send('SIM-V2', {
      type: 'offer',
      sessionId: bad,
      sdp: 'v=0\r\nnot an sdp\r\n',
      iceServers: [],
      operatorName: 'Operator One',
      ts: Date.now(),
    });
    expect(await until(() => repliesOf(bad).length > 0, 5000)).toBe(true);
    expect(repliesOf(bad)[0]).toMatchObject({ type: 'error' });
    expect(await until(() => !sim.voice.announcing, 2000)).toBe(true);

    const browser = new BrowserPeer();
    const sessionId = randomUUID();
    await send('SIM-V2', {
      type: 'offer',
      sessionId,
      sdp: await browser.offer(),
      iceServers: [],
      operatorName: 'Operator One',
      ts: Date.now(),
    });
    expect(await until(() => repliesOf(sessionId).some((r) => r.type === 'answer'), 10_000)).toBe(true);
    expect(sim.voice.announcing).toBe(true);
    await sim.disconnect();
    expect(sim.voice.announcing).toBe(false);
    await browser.close();
  }, 20_000);
});
