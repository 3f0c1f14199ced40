import { EventEmitter } from 'node:events';
import {
  MediaStreamTrack,
  RTCPeerConnection,
  RTCRtpCodecParameters,
  RtpHeader,
  RtpPacket,
  type RTCIceServer,
} from 'werift';
import { VOICE_CODEC, VOICE_LEVEL_INTERVAL_MS, type RobotVoiceReply, type RobotVoiceRequest } from '@patrol/contracts';
import { alawEncodeSample, ALAW_TO_LINEAR, rmsDbfs } from './pcma.js';

/**
 * The robot's side of a live announcement (docs/robot-protocol.md, "Voice"): a WebRTC peer that
 * answers the console's offer (G.711 A-law, mono, 20 ms packets), "plays" what it receives by
 * measuring it (its level, reported every VOICE_LEVEL_INTERVAL_MS), and talks back with a tone.
 * One announcement at a time.
 */

export type SimVoiceOptions = {
  serial: string;
  /** Publishes a message on `patrol/{serial}/voice/reply`. */
  send: (reply: RobotVoiceReply) => void;
  onLog?: (line: string) => void;
  /** The tone sent back to the operator: frequency, Hz (440) and level, dBFS RMS (-20). */
  toneHz?: number;
  toneDbfs?: number;
  /** A click: a sample at least this loud (a fraction of full scale, 0.5) after 100 ms below it. */
  clickThreshold?: number;
  /** Extra host addresses to offer as ICE candidates (e.g. 127.0.0.1 on a host without a LAN). */
  iceAdditionalHostAddresses?: string[];
};

/** What the peer has received in the current (or last) announcement. */
export type VoiceStats = { sessionId: string; packets: number; lost: number; bytes: number };

const SAMPLE_RATE = VOICE_CODEC.clockRate;
const PACKET_SAMPLES = (SAMPLE_RATE * VOICE_CODEC.ptimeMs) / 1000;
/** How long the sound must stay below the click threshold before a sample above it is a new onset. */
export const CLICK_QUIET_MS = 100;
/** How long the answer waits for ICE gathering to end (the console waits VOICE_ANSWER_TIMEOUT_MS in all). */
const GATHER_TIMEOUT_MS = 5000;

/** Onsets kept (the most recent), so that a long-running simulator does not grow without end. */
const MAX_ONSETS = 10_000;

type Session = {
  id: string;
  operatorName: string;
  pc: RTCPeerConnection;
  track: MediaStreamTrack;
  connected: boolean;
  closed: boolean;
  toneTimer?: NodeJS.Timeout;
  levelTimer?: NodeJS.Timeout;
  /** Samples and their sum of squares in the current level window. */
  windowSquares: number;
  windowSamples: number;
  stats: VoiceStats;
  firstSeq: number | null;
  /** The highest sequence number seen, extended past 16-bit wrap-arounds. */
  highestSeq: number;
  /** Samples in a row below the click threshold. */
  quietSamples: number;
};

/**
 * The voice peer of one simulated robot. `handle()` takes the console's messages (`offer`,
 * `hangup`); `close()` ends the current announcement (the robot went offline). Click onsets (for
 * the latency bench) are kept in `onsets` and emitted as `onset` events, in-process only.
 */
export class SimVoice extends EventEmitter {
  private readonly options: SimVoiceOptions;
  private session: Session | null = null;
  /** Epoch milliseconds of each click onset heard, in order (the last MAX_ONSETS). */
  readonly onsets: number[] = [];
  /** The current or last announcement's reception figures. */
  lastStats: VoiceStats | null = null;
  private readonly toneSamples: Int16Array;
  private readonly clickLevel: number;
  private readonly quietNeeded = (SAMPLE_RATE * CLICK_QUIET_MS) / 1000;

  constructor(options: SimVoiceOptions) {
    super();
    this.options = options;
    const hz = options.toneHz ?? 440;
    const amplitude = Math.SQRT2 * 32768 * 10 ** ((options.toneDbfs ?? -20) / 20);
    // One second of tone, a whole number of periods at 440 Hz, sent round and round.
    this.toneSamples = new Int16Array(SAMPLE_RATE);
    for (let i = 0; i < SAMPLE_RATE; i++) {
      this.toneSamples[i] = Math.round(amplitude * Math.sin((2 * Math.PI * hz * i) / SAMPLE_RATE));
    }
    this.clickLevel = (options.clickThreshold ?? 0.5) * 32768;
  }

  /** Whether an announcement holds the robot's loudspeaker. */
  get announcing(): boolean {
    return this.session !== null;
  }

  /** The current announcement's id, if any. */
  get sessionId(): string | null {
    return this.session?.id ?? null;
  }

  private log(line: string) {
    this.options.onLog?.(`${this.options.serial} voice: ${line}`);
  }

  /** Acts on a message of the console (`patrol/{serial}/voice`). */
  handle(request: RobotVoiceRequest): void {
    if (request.type === 'hangup') {
      if (this.session?.id === request.sessionId) {
        this.log(`hung up by the console (${request.reason})`);
        void this.close();
      }
      return;
    }
    if (this.session) {
      // The same offer delivered again (QoS 1) is not a second caller.
      if (this.session.id === request.sessionId) return;
      this.log(`refused an announcement by ${request.operatorName}: busy`);
      this.options.send({ type: 'error', sessionId: request.sessionId, message: 'busy', ts: Date.now() });
      return;
    }
    void this.answer(request);
  }

  private async answer(offer: Extract<RobotVoiceRequest, { type: 'offer' }>) {
    const codec = new RTCRtpCodecParameters({
      mimeType: VOICE_CODEC.mimeType,
      clockRate: VOICE_CODEC.clockRate,
      channels: VOICE_CODEC.channels,
      payloadType: VOICE_CODEC.payloadType,
    });
    const pc = new RTCPeerConnection({
      iceServers: offer.iceServers as RTCIceServer[],
      codecs: { audio: [codec] },
      ...(this.options.iceAdditionalHostAddresses
        ? { iceAdditionalHostAddresses: this.options.iceAdditionalHostAddresses }
        : {}),
    });
    const track = new MediaStreamTrack({ kind: 'audio' });
    const stats: VoiceStats = { sessionId: offer.sessionId, packets: 0, lost: 0, bytes: 0 };
    const session: Session = {
      id: offer.sessionId,
      operatorName: offer.operatorName,
      pc,
      track,
      connected: false,
      closed: false,
      windowSquares: 0,
      windowSamples: 0,
      stats,
      firstSeq: null,
      highestSeq: 0,
      quietSamples: 0,
    };
    this.session = session;
    this.lastStats = stats;
    this.emit('change');
    this.log(`announcement ${offer.sessionId} by ${offer.operatorName}`);
    pc.onTrack.subscribe((remote) => {
      remote.onReceiveRtp.subscribe((rtp) => this.receive(session, rtp));
    });
    pc.connectionStateChange.subscribe((state) => {
      if (session.closed) return;
      if (state === 'connected' && !session.connected) {
        session.connected = true;
        this.log(`audio connected (${offer.operatorName})`);
        this.options.send({ type: 'connected', sessionId: session.id, ts: Date.now() });
        this.startTone(session);
        session.levelTimer = setInterval(() => this.reportLevel(session), VOICE_LEVEL_INTERVAL_MS);
      } else if (state === 'failed' || state === 'closed') {
        if (session.connected) {
          this.log('audio connection lost');
          this.options.send({ type: 'hangup', sessionId: session.id, ts: Date.now() });
        } else {
          this.log('ICE negotiation failed');
          this.options.send({
            type: 'error',
            sessionId: session.id,
            message: 'ICE negotiation failed',
            ts: Date.now(),
          });
        }
        void this.close(session);
      }
    });
    try {
      await pc.setRemoteDescription({ type: 'offer', sdp: offer.sdp });
      // The operator's microphone and the robot's audio on one sendrecv transceiver, or on two
      // (sendonly and recvonly): every audio section is answered as the offer allows, and the tone
      // goes on the first one the robot may send on.
      const audio = pc.getTransceivers().filter((t) => t.kind === 'audio');
      if (!audio.length) throw new Error('no audio in the offer');
      const pcma = VOICE_CODEC.mimeType.toLowerCase();
      if (!audio.some((t) => t.codecs.some((c) => c.mimeType.toLowerCase() === pcma))) {
        throw new Error('the offer has no PCMA');
      }
      for (const transceiver of audio) transceiver.setDirection('sendrecv');
      const sending = audio.find((t) => t.offerDirection === 'sendrecv' || t.offerDirection === 'sendonly');
      if (sending) await sending.sender.replaceTrack(track);
      const answer = await pc.createAnswer();
      await pc.setLocalDescription(answer);
      await this.gathered(pc);
      if (session.closed) return;
      const sdp = pc.localDescription?.sdp;
      if (!sdp) throw new Error('no local description');
      this.options.send({ type: 'answer', sessionId: session.id, sdp, ts: Date.now() });
    } catch (error) {
      if (session.closed) return;
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      this.log(`cannot take the offer: ${message}`);
      this.options.send({ type: 'error', sessionId: session.id, message, ts: Date.now() });
      await this.close(session);
    }
  }

  private gathered(pc: RTCPeerConnection): Promise<void> {
    if (pc.iceGatheringState === 'complete') return Promise.resolve();
    return new Promise<void>((resolve) => {
      // A STUN or TURN server that does not answer must not cost the call: after the time-out the
      // answer goes with the candidates gathered so far (host candidates suffice on a LAN).
      const timer = setTimeout(() => {
        off.unSubscribe();
        this.log(`ICE gathering not complete after ${GATHER_TIMEOUT_MS} ms: answering with the candidates so far`);
        resolve();
      }, GATHER_TIMEOUT_MS);
      const off = pc.iceGatheringStateChange.subscribe((state) => {
        if (state !== 'complete') return;
        clearTimeout(timer);
        off.unSubscribe();
        resolve();
      });
    });
  }

  /** One RTP packet of the operator's voice: counted, measured, and searched for click onsets. */
  private receive(session: Session, rtp: RtpPacket) {
    if (session.closed || rtp.header.payloadType !== VOICE_CODEC.payloadType) return;
    const arrival = Date.now();
    const { stats } = session;
    const seq = rtp.header.sequenceNumber;
    if (session.firstSeq === null) {
      session.firstSeq = seq;
      session.highestSeq = seq;
    } else {
      // The extended sequence number nearest the highest one seen (RFC 3550, A.1).
      const low = session.highestSeq & 0xffff;
      let delta = seq - low;
      if (delta < -0x8000) delta += 0x10000;
      else if (delta > 0x8000) delta -= 0x10000;
      if (delta > 0) session.highestSeq += delta;
    }
    stats.packets++;
    stats.bytes += rtp.payload.length;
    stats.lost = Math.max(0, session.highestSeq - session.firstSeq + 1 - stats.packets);
    const payload = rtp.payload;
    for (let i = 0; i < payload.length; i++) {
      const sample = ALAW_TO_LINEAR[payload[i]!]!;
      session.windowSquares += sample * sample;
      const loud = Math.abs(sample) >= this.clickLevel;
      if (loud && session.quietSamples >= this.quietNeeded) {
        const at = arrival + (i * 1000) / SAMPLE_RATE;
        this.onsets.push(at);
        if (this.onsets.length > MAX_ONSETS) this.onsets.splice(0, this.onsets.length - MAX_ONSETS);
        this.emit('onset', at);
      }
      session.quietSamples = loud ? 0 : session.quietSamples + 1;
    }
    session.windowSamples += payload.length;
  }

  private reportLevel(session: Session) {
    if (session.closed) return;
    const level = Number(rmsDbfs(session.windowSquares, session.windowSamples).toFixed(1));
    session.windowSquares = 0;
    session.windowSamples = 0;
    this.options.send({ type: 'level', sessionId: session.id, level, packets: session.stats.packets, ts: Date.now() });
  }

  /** Sends the tone back, 160 samples of A-law every 20 ms, timed by the clock (missed ticks are made up). */
  private startTone(session: Session) {
    const ssrc = (Math.random() * 0xffffffff) >>> 0;
    let sequenceNumber = Math.floor(Math.random() * 0x10000);
    let timestamp = (Math.random() * 0xffffffff) >>> 0;
    let sent = 0;
    let offset = 0;
    const start = Date.now();
    const tick = () => {
      if (session.closed) return;
      const due = Math.floor((Date.now() - start) / VOICE_CODEC.ptimeMs) + 1;
      // After a long stall, skip ahead rather than burst.
      if (due - sent > 10) sent = due - 1;
      while (sent < due) {
        const payload = Buffer.alloc(PACKET_SAMPLES);
        for (let i = 0; i < PACKET_SAMPLES; i++) {
          payload[i] = alawEncodeSample(this.toneSamples[offset]!);
          offset = (offset + 1) % this.toneSamples.length;
        }
        const header = new RtpHeader({
          payloadType: VOICE_CODEC.payloadType,
          sequenceNumber,
          timestamp,
          ssrc,
          marker: sent === 0,
        });
        session.track.writeRtp(new RtpPacket(header, payload));
        sequenceNumber = (sequenceNumber + 1) & 0xffff;
        timestamp = (timestamp + PACKET_SAMPLES) >>> 0;
        sent++;
      }
      session.toneTimer = setTimeout(tick, Math.max(1, start + sent * VOICE_CODEC.ptimeMs - Date.now()));
    };
    tick();
  }

  /** Ends the announcement (all of it, or only `which` if it is still the current one). */
  async close(which?: Session): Promise<void> {
    const session = which ?? this.session;
    if (!session || session.closed) return;
    session.closed = true;
    clearTimeout(session.toneTimer);
    clearInterval(session.levelTimer);
    if (this.session === session) {
      this.session = null;
      this.emit('change');
    }
    session.track.stop();
    this.log(`announcement ${session.id} ended (${session.stats.packets} packets, ${session.stats.lost} lost)`);
    await session.pc.close().catch(() => {});
  }
}
