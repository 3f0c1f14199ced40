import {
  VOICE_CODEC,
  type SocketClientMessage,
  type VoiceEndReason,
  type VoiceSession,
  type VoiceSignal,
  type VoiceState,
} from '@patrol/contracts';

/** The six failures of a live announcement (spec), each a key `intercom.errors.<key>` of the `voice` namespace. */
export const intercomErrors = ['micPermission', 'unsupported', 'insecure', 'ice', 'exchange', 'capture'] as const;
export type IntercomErrorKey = (typeof intercomErrors)[number];

/** What the page shows of a failure: one of the six, or the server's own words (a refused start). */
export type IntercomFailure = { key: IntercomErrorKey; detail?: string } | { message: string };

/** What the browser offers, as the page reads it (a test hands its own). */
export type MediaEnvironment = {
  isSecureContext: boolean;
  mediaDevices?: Pick<MediaDevices, 'getUserMedia'>;
  RTCPeerConnection?: typeof RTCPeerConnection;
  RTCRtpSender?: Pick<typeof RTCRtpSender, 'getCapabilities'>;
};

export function browserEnvironment(): MediaEnvironment {
  return {
    isSecureContext: window.isSecureContext,
    mediaDevices: navigator.mediaDevices,
    RTCPeerConnection: globalThis.RTCPeerConnection,
    RTCRtpSender: globalThis.RTCRtpSender,
  };
}

/**
 * Checking the device, before any microphone is asked for: media devices exist only in a secure
 * context (localhost or HTTPS), real-time audio needs RTCPeerConnection.
 */
export function checkEnvironment(env: MediaEnvironment): IntercomErrorKey | null {
  if (!env.isSecureContext || typeof env.mediaDevices?.getUserMedia !== 'function') return 'insecure';
  if (typeof env.RTCPeerConnection !== 'function') return 'unsupported';
  return null;
}

/** Which failure a refused getUserMedia is: the permission (NotAllowedError, SecurityError) or the capture. */
export function captureErrorKey(error: unknown): IntercomErrorKey {
  const name = (error as { name?: unknown } | null)?.name;
  return name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError'
    ? 'micPermission'
    : 'capture';
}

/** The codecs with PCMA 8000/1 first (spec: G.711 A-law, mono). */
export function preferPcma<C extends { mimeType: string; clockRate: number; channels?: number }>(codecs: C[]): C[] {
  const isPcma = (c: C) =>
    c.mimeType.toLowerCase() === VOICE_CODEC.mimeType.toLowerCase() &&
    c.clockRate === VOICE_CODEC.clockRate &&
    (c.channels ?? 1) === VOICE_CODEC.channels;
  return [...codecs.filter(isPcma), ...codecs.filter((c) => !isPcma(c))];
}

export type IntercomSnapshot = {
  /** `idle` before the first start. */
  state: VoiceState | 'idle';
  /** The state a failure stopped at. */
  failedAt: VoiceState | null;
  failure: IntercomFailure | null;
  endReason: VoiceEndReason | null;
  session: VoiceSession | null;
  /** What the robot hears: RMS dBFS over the last second, and packets so far. */
  level: { level: number; packets: number } | null;
  /** The robot's microphone, for the page's `<audio>`. */
  remoteStream: MediaStream | null;
  micMuted: boolean;
};

export const idleSnapshot: IntercomSnapshot = {
  state: 'idle',
  failedAt: null,
  failure: null,
  endReason: null,
  session: null,
  level: null,
  remoteStream: null,
  micMuted: false,
};

export type IntercomDeps = {
  env: MediaEnvironment;
  start: (request: { robotId: number; stopAudio?: boolean }) => Promise<VoiceSession>;
  end: (sessionId: string) => Promise<unknown>;
  /** Sends on the console socket; false when it is not open. */
  send: (message: SocketClientMessage) => boolean;
  onChange: (snapshot: IntercomSnapshot) => void;
  /** The longest wait for ICE gathering before the offer goes with what it has. */
  gatherTimeoutMs?: number;
};

/** An error of a refused start, with the server's message. */
function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * One live announcement from this browser to a robot: checking the device, preparing (the
 * server's session, the microphone, the offer with ICE gathered), waiting for the robot's answer,
 * in progress, ended. Each failure is one of the six the spec names, or the server's refusal.
 */
export class IntercomCall {
  private snapshot: IntercomSnapshot = idleSnapshot;
  private pc: RTCPeerConnection | null = null;
  private stream: MediaStream | null = null;
  private finished = false;

  constructor(private readonly deps: IntercomDeps) {}

  get current(): IntercomSnapshot {
    return this.snapshot;
  }

  get sessionId(): string | null {
    return this.snapshot.session?.sessionId ?? null;
  }

  private update(patch: Partial<IntercomSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    this.deps.onChange(this.snapshot);
  }

  private fail(failure: IntercomFailure): void {
    if (this.finished) return;
    const at =
      this.snapshot.state === 'idle' || this.snapshot.state === 'ended' ? 'checkingDevice' : this.snapshot.state;
    this.release();
    this.update({ state: 'ended', failedAt: at, failure, endReason: this.snapshot.endReason ?? 'failed' });
  }

  /** Runs the announcement up to waiting for the robot's answer. */
  async begin(robotId: number, stopAudio = false): Promise<void> {
    const { env } = this.deps;
    this.update({ ...idleSnapshot, state: 'checkingDevice' });
    const unfit = checkEnvironment(env);
    if (unfit) return this.fail({ key: unfit });
    try {
      this.stream = await env.mediaDevices!.getUserMedia({
        audio: { channelCount: 1, echoCancellation: true, noiseSuppression: true },
        video: false,
      });
    } catch (error) {
      return this.fail({ key: captureErrorKey(error), detail: messageOf(error) });
    }
    if (this.finished) return this.release();
    this.update({ state: 'preparing' });
    let session: VoiceSession;
    try {
      session = await this.deps.start({ robotId, ...(stopAudio ? { stopAudio: true } : {}) });
    } catch (error) {
      return this.fail({ message: messageOf(error) });
    }
    if (this.finished) return this.endOnServer(session.sessionId);
    this.update({ session });
    let sdp: string;
    try {
      sdp = await this.offer(session);
    } catch (error) {
      this.fail({ key: 'exchange', detail: messageOf(error) });
      return this.endOnServer(session.sessionId);
    }
    if (this.finished) return;
    if (!this.deps.send({ type: 'voiceOffer', sessionId: session.sessionId, sdp })) {
      this.fail({ key: 'exchange' });
      return this.endOnServer(session.sessionId);
    }
    this.update({ state: 'waitingConnection' });
  }

  private async offer(session: VoiceSession): Promise<string> {
    const Peer = this.deps.env.RTCPeerConnection!;
    const pc = new Peer({ iceServers: session.iceServers });
    this.pc = pc;
    const track = this.stream!.getAudioTracks()[0];
    if (!track) throw new Error('no audio track');
    const transceiver = pc.addTransceiver(track, { direction: 'sendrecv', streams: [this.stream!] });
    const codecs = this.deps.env.RTCRtpSender?.getCapabilities?.('audio')?.codecs;
    if (codecs?.length && typeof transceiver.setCodecPreferences === 'function') {
      transceiver.setCodecPreferences(preferPcma(codecs));
    }
    pc.ontrack = (event) => {
      this.update({ remoteStream: event.streams[0] ?? new MediaStream([event.track]) });
    };
    pc.onconnectionstatechange = () => {
      if (pc !== this.pc) return;
      if (pc.connectionState === 'connected') this.connected();
      else if (pc.connectionState === 'failed') this.iceFailed();
    };
    pc.oniceconnectionstatechange = () => {
      if (pc === this.pc && pc.iceConnectionState === 'failed') this.iceFailed();
    };
    await pc.setLocalDescription(await pc.createOffer());
    await this.gathered(pc);
    const sdp = pc.localDescription?.sdp;
    if (!sdp) throw new Error('no local description');
    return sdp;
  }

  /** Waits for ICE gathering to complete (no trickle), at most the gather time-out. */
  private gathered(pc: RTCPeerConnection): Promise<void> {
    if (pc.iceGatheringState === 'complete') return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        pc.removeEventListener('icegatheringstatechange', check);
        resolve();
      };
      const check = () => {
        if (pc.iceGatheringState === 'complete') done();
      };
      const timer = setTimeout(done, this.deps.gatherTimeoutMs ?? 3_000);
      pc.addEventListener('icegatheringstatechange', check);
    });
  }

  private connected(): void {
    if (this.finished || this.snapshot.state === 'inProgress') return;
    this.update({ state: 'inProgress' });
  }

  private iceFailed(): void {
    const id = this.sessionId;
    this.fail({ key: 'ice' });
    if (id) void this.endOnServer(id);
  }

  /** A `voice` message of the console socket. */
  async handleSignal(signal: VoiceSignal): Promise<void> {
    if (signal.sessionId !== this.sessionId || this.finished) return;
    switch (signal.event) {
      case 'answer': {
        try {
          await this.pc?.setRemoteDescription({ type: 'answer', sdp: signal.sdp });
        } catch (error) {
          const id = this.sessionId;
          this.fail({ key: 'exchange', detail: messageOf(error) });
          if (id) void this.endOnServer(id);
        }
        return;
      }
      case 'connected':
        return this.connected();
      case 'level':
        this.update({ level: { level: signal.level, packets: signal.packets } });
        return;
      case 'ended': {
        if (signal.reason === 'failed') {
          this.update({ endReason: 'failed' });
          return this.fail(signal.message ? { message: signal.message } : { key: 'exchange' });
        }
        this.release();
        this.update({ state: 'ended', endReason: signal.reason });
        return;
      }
    }
  }

  /** My microphone on or off (the track stays, sending silence). */
  setMicMuted(muted: boolean): void {
    for (const track of this.stream?.getAudioTracks() ?? []) track.enabled = !muted;
    this.update({ micMuted: muted });
  }

  /**
   * Ends the announcement: the server is told (the socket at once when leaving the page, where a
   * request may not finish), the connection closes and the microphone stops.
   */
  async hangup(leaving = false): Promise<void> {
    const id = this.sessionId;
    const wasEnded = this.finished;
    this.release();
    if (!wasEnded) this.update({ state: 'ended', endReason: 'ended' });
    if (!id || wasEnded) return;
    if (leaving) {
      if (this.deps.send({ type: 'voiceHangup', sessionId: id })) return;
    }
    await this.endOnServer(id);
  }

  private async endOnServer(sessionId: string): Promise<void> {
    try {
      await this.deps.end(sessionId);
    } catch {
      // Already ended on the server (404): nothing more to do.
    }
  }

  private release(): void {
    this.finished = true;
    const pc = this.pc;
    this.pc = null;
    if (pc) {
      pc.ontrack = null;
      pc.onconnectionstatechange = null;
      pc.oniceconnectionstatechange = null;
      pc.close();
    }
    for (const track of this.stream?.getTracks() ?? []) track.stop();
    this.stream = null;
  }
}
