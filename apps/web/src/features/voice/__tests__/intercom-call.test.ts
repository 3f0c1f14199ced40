import { describe, expect, it, vi } from 'vitest';
import type { SocketClientMessage, VoiceSession } from '@patrol/contracts';
import {
  IntercomCall,
  captureErrorKey,
  checkEnvironment,
  preferPcma,
  type IntercomSnapshot,
  type MediaEnvironment,
} from '../intercom-call';

const session: VoiceSession = {
  sessionId: '6f1c2a52-3f55-4c8e-9d4e-2a1a0c3b9f10',
  robotId: 7,
  robotName: 'Gate robot',
  serialNumber: 'SN-7',
  iceServers: [{ urls: 'stun:stun.example:3478' }],
  startTime: '2026-01-01T00:00:00Z',
};

class FakeTrack {
  enabled = true;
  stopped = false;
  stop() {
    this.stopped = true;
  }
}

/** A microphone's stream with one track. */
function fakeStream() {
  const track = new FakeTrack();
  return { track, stream: { getAudioTracks: () => [track], getTracks: () => [track] } as unknown as MediaStream };
}

/** A peer connection that gathers at once and records what it is given. */
class FakePeer extends EventTarget {
  static last: FakePeer | null = null;
  config: RTCConfiguration;
  codecs: unknown[] = [];
  remote: RTCSessionDescriptionInit | null = null;
  localDescription: { type: string; sdp: string } | null = null;
  iceGatheringState = 'new';
  connectionState = 'new';
  iceConnectionState = 'new';
  closed = false;
  rejectAnswer = false;
  ontrack: ((event: unknown) => void) | null = null;
  onconnectionstatechange: (() => void) | null = null;
  oniceconnectionstatechange: (() => void) | null = null;
  constructor(config: RTCConfiguration) {
    super();
    this.config = config;
    FakePeer.last = this;
  }
  addTransceiver() {
    return { setCodecPreferences: (codecs: unknown[]) => (this.codecs = codecs) };
  }
  createOffer() {
    return Promise.resolve({ type: 'offer', sdp: 'v=0 offer' });
  }
  setLocalDescription(description: { type: string; sdp: string }) {
    this.localDescription = { ...description, sdp: `${description.sdp} a=candidate:host` };
    setTimeout(() => {
      this.iceGatheringState = 'complete';
      this.dispatchEvent(new Event('icegatheringstatechange'));
    }, 1);
    return Promise.resolve();
  }
  setRemoteDescription(description: RTCSessionDescriptionInit) {
    if (this.rejectAnswer) return Promise.reject(new Error('bad answer'));
    this.remote = description;
    return Promise.resolve();
  }
  close() {
    this.closed = true;
  }
  setConnection(state: string) {
    this.connectionState = state;
    this.onconnectionstatechange?.();
  }
}

const CODECS = [
  { mimeType: 'audio/opus', clockRate: 48000, channels: 2 },
  { mimeType: 'audio/PCMU', clockRate: 8000, channels: 1 },
  { mimeType: 'audio/PCMA', clockRate: 8000, channels: 1 },
];

function environment(getUserMedia: () => Promise<MediaStream>, overrides: Partial<MediaEnvironment> = {}) {
  return {
    isSecureContext: true,
    mediaDevices: { getUserMedia: vi.fn(getUserMedia) },
    RTCPeerConnection: FakePeer as unknown as typeof RTCPeerConnection,
    RTCRtpSender: { getCapabilities: () => ({ codecs: CODECS, headerExtensions: [] }) },
    ...overrides,
  } satisfies MediaEnvironment;
}

function setup(env: MediaEnvironment, start: () => Promise<VoiceSession> = () => Promise.resolve(session)) {
  const states: string[] = [];
  const sent: SocketClientMessage[] = [];
  const ended: string[] = [];
  let last: IntercomSnapshot | null = null;
  const call = new IntercomCall({
    env,
    start: vi.fn(start),
    end: (id) => {
      ended.push(id);
      return Promise.resolve(null);
    },
    send: (message) => {
      sent.push(message);
      return true;
    },
    onChange: (snapshot) => {
      last = snapshot;
      if (states.at(-1) !== snapshot.state) states.push(snapshot.state);
    },
    gatherTimeoutMs: 500,
  });
  return { call, states, sent, ended, snapshot: () => last! };
}

describe('checking the device', () => {
  const gum = () => Promise.resolve(fakeStream().stream);

  it('needs a secure context and media devices, then RTCPeerConnection', () => {
    expect(checkEnvironment(environment(gum))).toBeNull();
    expect(checkEnvironment(environment(gum, { isSecureContext: false }))).toBe('insecure');
    expect(checkEnvironment(environment(gum, { mediaDevices: undefined }))).toBe('insecure');
    expect(checkEnvironment(environment(gum, { RTCPeerConnection: undefined }))).toBe('unsupported');
  });

  it('tells a refused permission from a failed capture', () => {
    expect(captureErrorKey(new DOMException('denied', 'NotAllowedError'))).toBe('micPermission');
    expect(captureErrorKey(new DOMException('blocked', 'SecurityError'))).toBe('micPermission');
    expect(captureErrorKey(new DOMException('no device', 'NotFoundError'))).toBe('capture');
    expect(captureErrorKey(new DOMException('busy', 'NotReadableError'))).toBe('capture');
    expect(captureErrorKey(new DOMException('constraints', 'OverconstrainedError'))).toBe('capture');
    expect(captureErrorKey(new Error('anything'))).toBe('capture');
  });

  it('puts PCMA 8000/1 first', () => {
    expect(preferPcma(CODECS).map((c) => c.mimeType)).toEqual(['audio/PCMA', 'audio/opus', 'audio/PCMU']);
  });
});

describe('a live announcement', () => {
  it('goes checking device → preparing → waiting for connection → in progress → ended', async () => {
    const mic = fakeStream();
    const env = environment(() => Promise.resolve(mic.stream));
    const { call, states, sent, ended, snapshot } = setup(env);
    await call.begin(7);
    expect(states).toEqual(['checkingDevice', 'preparing', 'waitingConnection']);
    const peer = FakePeer.last!;
    expect(peer.config.iceServers).toEqual(session.iceServers);
    expect((peer.codecs[0] as { mimeType: string }).mimeType).toBe('audio/PCMA');
    // The offer goes with its candidates gathered.
    expect(sent).toEqual([{ type: 'voiceOffer', sessionId: session.sessionId, sdp: 'v=0 offer a=candidate:host' }]);

    // Another session's messages are not this one's.
    await call.handleSignal({ sessionId: 'other', event: 'answer', sdp: 'x' });
    expect(peer.remote).toBeNull();
    await call.handleSignal({ sessionId: session.sessionId, event: 'answer', sdp: 'v=0 answer' });
    expect(peer.remote).toEqual({ type: 'answer', sdp: 'v=0 answer' });
    peer.setConnection('connected');
    expect(states.at(-1)).toBe('inProgress');
    await call.handleSignal({ sessionId: session.sessionId, event: 'level', level: -23.5, packets: 150 });
    expect(snapshot().level).toEqual({ level: -23.5, packets: 150 });

    call.setMicMuted(true);
    expect(mic.track.enabled).toBe(false);
    call.setMicMuted(false);
    expect(mic.track.enabled).toBe(true);

    await call.hangup();
    expect(states).toEqual(['checkingDevice', 'preparing', 'waitingConnection', 'inProgress', 'ended']);
    expect(snapshot().endReason).toBe('ended');
    expect(ended).toEqual([session.sessionId]);
    expect(peer.closed).toBe(true);
    expect(mic.track.stopped).toBe(true);
  });

  it("leaving the page hangs up on the socket; the server's end says why", async () => {
    const { call, sent, ended } = setup(environment(() => Promise.resolve(fakeStream().stream)));
    await call.begin(7);
    await call.hangup(true);
    expect(sent.at(-1)).toEqual({ type: 'voiceHangup', sessionId: session.sessionId });
    expect(ended).toEqual([]);

    const second = setup(environment(() => Promise.resolve(fakeStream().stream)));
    await second.call.begin(7);
    await second.call.handleSignal({ sessionId: session.sessionId, event: 'ended', reason: 'robot' });
    expect(second.snapshot()).toMatchObject({ state: 'ended', endReason: 'robot', failure: null });
    expect(FakePeer.last!.closed).toBe(true);
  });

  it('maps each failure to its own message', async () => {
    const insecure = setup(environment(() => Promise.resolve(fakeStream().stream), { isSecureContext: false }));
    await insecure.call.begin(7);
    expect(insecure.snapshot()).toMatchObject({
      state: 'ended',
      failedAt: 'checkingDevice',
      failure: { key: 'insecure' },
    });

    const old = setup(environment(() => Promise.resolve(fakeStream().stream), { RTCPeerConnection: undefined }));
    await old.call.begin(7);
    expect(old.snapshot().failure).toEqual({ key: 'unsupported' });

    const denied = setup(environment(() => Promise.reject(new DOMException('denied', 'NotAllowedError'))));
    await denied.call.begin(7);
    expect(denied.snapshot().failure).toMatchObject({ key: 'micPermission' });

    const busy = setup(environment(() => Promise.reject(new DOMException('busy', 'NotReadableError'))));
    await busy.call.begin(7);
    expect(busy.snapshot().failure).toMatchObject({ key: 'capture' });

    // The server's refusal is shown as it comes; the microphone is let go.
    const mic = fakeStream();
    const refused = setup(
      environment(() => Promise.resolve(mic.stream)),
      () => Promise.reject(new Error('The announcement is in use by Alice')),
    );
    await refused.call.begin(7);
    expect(refused.snapshot()).toMatchObject({
      state: 'ended',
      failedAt: 'preparing',
      failure: { message: 'The announcement is in use by Alice' },
    });
    expect(mic.track.stopped).toBe(true);

    const badAnswer = setup(environment(() => Promise.resolve(fakeStream().stream)));
    await badAnswer.call.begin(7);
    FakePeer.last!.rejectAnswer = true;
    await badAnswer.call.handleSignal({ sessionId: session.sessionId, event: 'answer', sdp: 'garbage' });
    expect(badAnswer.snapshot()).toMatchObject({ failedAt: 'waitingConnection', failure: { key: 'exchange' } });
    expect(badAnswer.ended).toEqual([session.sessionId]);

    const ice = setup(environment(() => Promise.resolve(fakeStream().stream)));
    await ice.call.begin(7);
    FakePeer.last!.setConnection('failed');
    expect(ice.snapshot().failure).toEqual({ key: 'ice' });
    await vi.waitFor(() => expect(ice.ended).toEqual([session.sessionId]));

    const timeout = setup(environment(() => Promise.resolve(fakeStream().stream)));
    await timeout.call.begin(7);
    await timeout.call.handleSignal({ sessionId: session.sessionId, event: 'ended', reason: 'failed' });
    expect(timeout.snapshot().failure).toEqual({ key: 'exchange' });
  });
});
