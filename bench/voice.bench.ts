// Live announcement latency (P7), mouth to robot, on loopback: Chromium (playwright-core) captures
// a fake microphone that plays a WAV written here (48 kHz mono, a 5 ms click every 500 ms) and
// sends it over WebRTC (PCMA preferred, as the console does) to the simulator's voice peer, the one
// a simulated robot runs, in this process. The offer and answer go straight between the two:
// signalling is not in the media path.
//   - "Mouth": the page reads the captured track (MediaStreamTrackProcessor) and finds each click's
//     onset; its time is the buffer's capture timestamp (the performance timeline, from
//     performance.timeOrigin) minus the samples after the onset in that buffer: Chromium stamps a
//     buffer when the microphone hands it over, so its samples were all heard before that.
//   - "Robot": the voice peer decodes the A-law it receives and stamps each onset at the RTP
//     packet's arrival plus the sample's offset in it.
// Each mouth onset is paired with the first robot onset after it (within 400 ms). Prints p50, p95
// and max over the pairs (BENCH_SECONDS, 40: about 80 clicks), clicks missed, packets received and
// lost. Target: <= 150 ms. Asserts nothing; prints the figures.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import type { RobotVoiceReply } from '@patrol/contracts';
import { SimVoice } from '@patrol/robot-sim';
import { ms, percentile } from './server-process.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 40);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PORTS = [18840, 18849] as const;
const RATE = 48_000;
const CLICK_EVERY_MS = 500;
const CLICK_MS = 5;
/** Onsets further apart than this are not the same click. */
const PAIR_WINDOW_MS = 400;

/** 10 s of silence with a 5 ms, 1 kHz burst at 0.9 of full scale every 500 ms (Chromium loops it). */
function clickWav(): Buffer {
  const samples = RATE * 10;
  const data = Buffer.alloc(samples * 2);
  const every = (RATE * CLICK_EVERY_MS) / 1000;
  const length = (RATE * CLICK_MS) / 1000;
  for (let i = 0; i < samples; i++) {
    const into = i % every;
    const value = into < length ? Math.round(0.9 * 32767 * Math.sin((2 * Math.PI * 1000 * into) / RATE)) : 0;
    data.writeInt16LE(value, i * 2);
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(RATE, 24);
  header.writeUInt32LE(RATE * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

const PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>voice bench</title></head><body></body></html>`;

/** Each mouth onset with the first robot onset after it (within PAIR_WINDOW_MS): latencies, sorted. */
function pair(mouth: number[], robot: number[]): { latencies: number[]; missed: number } {
  const latencies: number[] = [];
  let missed = 0;
  let next = 0;
  for (const m of mouth) {
    while (next < robot.length && robot[next]! < m - 50) next++;
    const r = robot[next];
    if (r !== undefined && r - m < PAIR_WINDOW_MS) {
      latencies.push(r - m);
      next++;
    } else missed++;
  }
  return { latencies: latencies.sort((a, b) => a - b), missed };
}

async function listen(server: Server): Promise<number> {
  for (let port = PORTS[0]; port <= PORTS[1]; port++) {
    const ok = await new Promise<boolean>((resolve) => {
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => resolve(true));
    });
    if (ok) return port;
  }
  throw new Error(`no free port in ${PORTS[0]}-${PORTS[1]}`);
}

const dir = await mkdtemp(path.join(tmpdir(), 'patrol-voice-bench-'));
const wav = path.join(dir, 'clicks.wav');
await writeFile(wav, clickWav());
const http = createServer((req, res) => {
  res.writeHead(200, { 'Content-Type': 'text/html' }).end(PAGE);
});
const port = await listen(http);
const origin = `http://127.0.0.1:${port}`;

let answer: (sdp: string) => void = () => {};
let connected: () => void = () => {};
let failure: (message: string) => void = () => {};
const answered = new Promise<string>((resolve, reject) => {
  answer = resolve;
  failure = (message) => reject(new Error(message));
});
const up = new Promise<void>((resolve) => (connected = resolve));
const voice = new SimVoice({
  serial: 'BENCH-VOICE',
  send: (reply: RobotVoiceReply) => {
    if (reply.type === 'answer') answer(reply.sdp);
    else if (reply.type === 'connected') connected();
    else if (reply.type === 'error') failure(reply.message);
  },
});

console.log(`voice bench: Chromium microphone -> WebRTC (PCMA) -> simulator's voice peer, ${SECONDS} s`);
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    `--use-file-for-fake-audio-capture=${wav}`,
    '--autoplay-policy=no-user-gesture-required',
  ],
});
try {
  const page = await browser.newPage();
  await page.goto(origin);
  // In-page code as text: the bench is compiled without the DOM's types.
  const offer = (await page.evaluate(`(async () => {
    const stream = await navigator.mediaDevices.getUserMedia({
      audio: { echoCancellation: false, noiseSuppression: false, autoGainControl: false, channelCount: 1 },
    });
    const [track] = stream.getAudioTracks();
    window.mouth = [];
    // Onsets in the captured buffers, at their capture time.
    (async () => {
      const reader = new MediaStreamTrackProcessor({ track: track.clone() }).readable.getReader();
      let quiet = 0;
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        const n = value.numberOfFrames;
        const samples = new Float32Array(n);
        value.copyTo(samples, { planeIndex: 0, format: 'f32-planar' });
        const captured = performance.timeOrigin + value.timestamp / 1000;
        for (let i = 0; i < n; i++) {
          const loud = Math.abs(samples[i]) >= 0.5;
          if (loud && quiet >= value.sampleRate / 10) window.mouth.push(captured - ((n - i) * 1000) / value.sampleRate);
          quiet = loud ? 0 : quiet + 1;
        }
        value.close();
      }
    })();
    const pc = new RTCPeerConnection();
    window.pc = pc;
    const transceiver = pc.addTransceiver(track, { direction: 'sendrecv', streams: [stream] });
    const codecs = RTCRtpReceiver.getCapabilities('audio').codecs;
    transceiver.setCodecPreferences([
      ...codecs.filter((c) => c.mimeType === 'audio/PCMA'),
      ...codecs.filter((c) => c.mimeType !== 'audio/PCMA'),
    ]);
    await pc.setLocalDescription(await pc.createOffer());
    if (pc.iceGatheringState !== 'complete') {
      await new Promise((resolve) => pc.addEventListener('icegatheringstatechange', () => {
        if (pc.iceGatheringState === 'complete') resolve();
      }));
    }
    return pc.localDescription.sdp;
  })()`)) as string;
  const sessionId = randomUUID();
  voice.handle({ type: 'offer', sessionId, sdp: offer, iceServers: [], operatorName: 'bench', ts: Date.now() });
  const sdp = await answered;
  await page.evaluate(`window.pc.setRemoteDescription({ type: 'answer', sdp: ${JSON.stringify(sdp)} })`);
  await Promise.race([
    up,
    new Promise((_, reject) => setTimeout(() => reject(new Error('no connection in 15 s')), 15_000)),
  ]);
  const codec = /a=rtpmap:(\d+) ([^/\r\n]+)/.exec(sdp)?.[2] ?? '?';
  // A second to settle, then the window.
  await new Promise((r) => setTimeout(r, 1000));
  const start = Date.now();
  await new Promise((r) => setTimeout(r, SECONDS * 1000));
  const end = Date.now();
  const within = (times: number[]) => times.filter((t) => t >= start && t < end);
  const mouth = within((await page.evaluate('window.mouth')) as number[]);
  const robot = voice.onsets.filter((t) => t >= start - 50);
  const stats = voice.lastStats!;
  await voice.close();

  const line = (label: string, from: number[]) => {
    const { latencies, missed } = pair(from, robot);
    console.log(`${label} ${from.length} clicks, ${latencies.length} heard by the robot, ${missed} missed`);
    if (latencies.length) {
      console.log(
        `${' '.repeat(label.length)} p50 ${ms(percentile(latencies, 50))}  p95 ${ms(percentile(latencies, 95))}  ` +
          `max ${ms(latencies.at(-1)!)}  min ${ms(latencies[0]!)}`,
      );
    }
  };
  console.log(`codec              ${codec} (answer), ${stats.packets} packets received, ${stats.lost} lost`);
  line('mouth to robot    ', mouth);
  console.log('                   (target <= 150 ms)');
} finally {
  await browser.close();
  await voice.close();
  await new Promise<void>((resolve) => http.close(() => resolve()));
  await rm(dir, { recursive: true, force: true });
}
process.exit(0);
