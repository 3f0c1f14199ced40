import { createPrivateKey, randomUUID, sign } from 'node:crypto';
import { compactVerify, importPKCS8, importSPKI, SignJWT } from 'jose';
import mqtt, { type MqttClient } from 'mqtt';
import {
  COMMAND_MEMORY_MS,
  derivedPasswordText,
  MEDIA_TOKEN_AUDIENCE,
  POINT_CLOUD_INGEST_PREFIX,
  POINT_CLOUD_TOKEN_AUDIENCE,
  FENCE_EVENT_CODES,
  fireAuthorizationClaims,
  SLOW_ZONE_FACTOR,
  REPLY_CODES,
  RUN_REASON_RETURNED_TO_BASE,
  robotCommand,
  robotVoiceRequest,
  robotConfig,
  robotTopic,
  type CommandName,
  type RobotCommand,
  type RobotCommandReply,
  type RobotConfig,
  type RobotEvent,
  type RobotCamera,
  type RobotMode,
  type RobotTelemetry,
  type RobotUpload,
  type RobotRunReport,
  type RunStepName,
  type RunTaskArgs,
  type RobotVoiceReply,
  type AudioCommandName,
} from '@patrol/contracts';
import { alarmImage } from './alarm-image.js';
import { AudioPlayError, SimAudioPlayer } from './audio-player.js';
import { SimCamera } from './camera.js';
import { DEFAULT_SCAN_POINTS, MAX_SCAN_POINTS, scanPcd } from './point-cloud.js';
import { advance, advanceAlong, insideArea, type LatLng, type Route } from './route.js';
import { SimVoice } from './voice.js';

export type SimRobotOptions = {
  serial: string;
  /** PKCS#8 PEM of the robot's Ed25519 private key. */
  privateKey: string;
  /** The key version the server expects (`kv`), 1 for a new robot, +1 per rotation. */
  keyVersion: number;
  brokerUrl: string;
  route: Route;
  /** Patrol speed in m/s (1.5 by default). */
  speed?: number;
  /** Telemetry period in ms (1000 by default). */
  telemetryMs?: number;
  /** Chance per telemetry tick of an event (0.002 by default); 0 for none. */
  eventChance?: number;
  /** Chance per telemetry tick of a data upload record (0.002 by default); 0 for none. */
  uploadChance?: number;
  /**
   * Chance per telemetry tick of an alarm, a gun request or a sentiment alarm alike (the event
   * chance by default, so turning events off turns alarms off too); 0 for none.
   */
  alarmChance?: number;
  /**
   * Chance per telemetry tick of a fault report of one of its modules (0.0002 by default, about one
   * an hour and a half per robot; 0 when events are off); 0 for none. A module at fault stays so and
   * is reported again now and then, until `clearFault`.
   */
  faultChance?: number;
  /** How long `trackTarget` follows its target before it reports done, ms (10 s by default). */
  trackMs?: number;
  /** How long the siren sounds, ms (5 s by default). */
  sirenMs?: number;
  /**
   * The MQTT password: `token`, a short-lived JWT signed with the key (the console's own broker), or
   * `derived`, the static password derived from the key (a Mosquitto with dynamic security).
   */
  auth?: 'token' | 'derived';
  /** Lifetime of the MQTT token, s (3600 at most). */
  tokenTtlS?: number;
  /** PEM of the CA that signed the broker's certificate, for `mqtts://` with a private CA. */
  ca?: string;
  /** Called for what the robot does, for logs. */
  onLog?: (line: string) => void;
  /** The mode it starts in: `patrolling` (its own loop, the default) or `idle` (waiting for tasks). */
  mode?: RobotMode;
  /** How long a task's action takes (speak, photo, video, siren), ms (1500 by default). */
  actionMs?: number;
  /** How long the `wait` action stops the robot, ms (5 s by default). */
  waitMs?: number;
  /** Fail every run after reaching this many nodes (0, the default: never). */
  failRunAfterNodes?: number;
  /** The robot's cameras (none by default); they stream only with `consoleUrl` too. */
  cameras?: RobotCamera[];
  /**
   * The console's HTTP base (e.g. http://127.0.0.1:8080): with `cameras`, the robot announces them
   * in its online message and pushes each one's video there while it is connected (camera.ts).
   * Relative URLs of audio files (`audioPlay`) resolve against it too.
   */
  consoleUrl?: string;
  /** Extra host addresses the voice peer offers as ICE candidates (e.g. 127.0.0.1 without a LAN). */
  iceAdditionalHostAddresses?: string[];
  /**
   * Uploads a generated scan (point-cloud.ts) to `consoleUrl` every so many ms while connected; 0
   * (the default) for none.
   */
  pointCloudEveryMs?: number;
  /** The points of those scans (200,000 by default, at most 1,000,000). */
  pointCloudPoints?: number;
};

/** What `uploadPointCloud` sends: a generated scan unless `bytes` are given. */
export type PointCloudUploadOptions = {
  /** Points of the generated scan (DEFAULT_SCAN_POINTS). */
  points?: number;
  /** The file to send instead of a generated scan (a test's bad file). */
  bytes?: Uint8Array;
  /** The upload's id (a new UUID): the same id again is a retry, stored once. */
  uploadId?: string;
  name?: string;
  format?: 'pcd' | 'ply';
  /** When the scan was taken, epoch ms (now). */
  capturedAt?: number;
  /** The token to send instead of a fresh one of the robot's own key (a test's forged token). */
  token?: string;
};

/** The console's answer to an upload: its HTTP status and its JSON body. */
export type PointCloudUploadResult = { status: number; uploadId: string; body: unknown };

/** The task the robot is running (a `runTask`), where it is in it, and what it still has to report. */
type ActiveRun = {
  runId: string;
  task: RunTaskArgs['task'];
  job: number;
  round: number;
  /** The node it drives to. */
  node: number;
  reached: number;
  /** It stands still until then (an action at a node). */
  holdUntil: number;
  /** Reports and steps that wait for the action to end. */
  queue: (() => void)[];
};

/** How long each action takes before its async result, in ms (return to base ends on arrival). */
export const ACTION_MS: Record<Exclude<CommandName, 'returnToBase'>, number> = {
  powerOn: 1500,
  lights: 300,
  netGunFire: 1200,
  tripwireFire: 800,
  pauseTask: 200,
  resumeTask: 200,
  gunDecision: 1200,
  sentimentDecision: 200,
  trackTarget: 500,
  siren: 300,
  fleetStop: 200,
  fleetResume: 200,
  runTask: 0,
  audioPlay: 300,
  audioPause: 100,
  audioResume: 100,
  audioStop: 100,
  audioNext: 200,
  audioPrevious: 200,
  audioVolume: 100,
  audioMute: 100,
  audioMode: 100,
};
/** Delay before the sync acknowledgement. */
export const SYNC_DELAY_MS = 80;
/** How long the robot waits on the decision on a gun request it raised; then it stops waiting. */
export const GUN_REQUEST_PENDING_MS = 10 * 60_000;
/**
 * How far the console's clock may be ahead of the robot's when it checks a fire authorisation: the
 * robot accepts one until `exp` plus this many seconds, and refuses one issued (`iat`) later than
 * now plus this many.
 */
export const FIRE_AUTHORIZATION_SKEW_S = 5;

/** The alarm kinds a robot raises (plain events are `raiseEvent`). */
export type AlarmKind = 'gun' | 'sentiment';
/** One net-gun shot the robot fired on a fire authorisation. */
export type FireRecord = { jti: string; eventId: string; at: number };
/** Commands refused while a fleet stop is in force: they move the robot or change its task. */
const REFUSED_WHILE_STOPPED: ReadonlySet<CommandName> = new Set([
  'runTask',
  'pauseTask',
  'resumeTask',
  'returnToBase',
  'trackTarget',
]);
/** The faults a robot reports of its own modules (`fault` events; each opens a draft work order). */
export const SIM_FAULTS = [
  { module: 'chassis', code: 'E-CH-101', level: 2, message: 'Left drive motor over current, stopped' },
  { module: 'lidar', code: 'E-LD-203', level: 1, message: 'Lidar returns no points from the rear sector' },
  { module: 'camera', code: 'E-CM-310', level: 1, message: 'Front camera frame rate below 5 fps' },
  { module: 'battery', code: 'E-BT-402', level: 2, message: 'Battery cell temperature above 55 °C' },
  { module: 'speaker', code: 'E-SP-501', level: 0, message: 'Speaker impedance out of range' },
] as const;
export type SimFault = (typeof SIM_FAULTS)[number];
const SENTIMENT_ALARMS = [
  { code: 'crowd', level: 1, message: 'Crowd gathering in the patrol area' },
  { code: 'intrusion', level: 2, message: 'Person in a restricted area' },
  { code: 'smoke', level: 2, message: 'Smoke seen by the camera' },
  { code: 'fight', level: 2, message: 'People fighting in the patrol area' },
] as const;

/** A fence as the robot's config carries it. */
export type SimFence = NonNullable<RobotConfig['fences']>[number];
/**
 * What the fences say about a point: `forbidden` (keep out), `outside` (outside every patrol area,
 * when there is one: keep out too), `slow` (a slow zone), or `free`.
 */
export type FenceRule = { rule: 'forbidden' | 'outside' | 'slow' | 'free'; fence: SimFence | null };

/**
 * The rule of the fences at a point: among the fences that hold it, the highest priority rules
 * (the upper layer among equals: `fences` come top layer first); a patrol area lets the robot be
 * there. Outside every fence, a robot with patrol areas is `outside`, one without is `free`.
 */
export function fenceRuleAt(point: LatLng, fences: readonly SimFence[]): FenceRule {
  let winner: SimFence | null = null;
  for (const fence of fences) {
    if ((!winner || fence.priority > winner.priority) && insideArea(point, fence.points)) winner = fence;
  }
  if (winner) {
    const rule = winner.kind === 'patrol' ? 'free' : winner.kind;
    return { rule, fence: winner };
  }
  return { rule: fences.some((f) => f.kind === 'patrol') ? 'outside' : 'free', fence: null };
}

const keepsOut = (rule: FenceRule) => rule.rule === 'forbidden' || rule.rule === 'outside';

const FIRMWARE = 'PR-2.4.1';
const MODULES = { chassis: '1.8.0', camera: '3.2.5', lidar: '2.0.3', netGun: '1.1.0', audio: '1.4.2' };
const jitter = (span: number) => (Math.random() - 0.5) * span;

/**
 * One simulated patrol robot: connects with its own key, patrols its route reporting every telemetry
 * field about once a second (battery drains while moving and recharges at the base), raises
 * occasional events and upload records, and obeys commands with realistic delays and replies.
 */
export class SimRobot {
  readonly serial: string;
  private readonly options: Required<
    Omit<
      SimRobotOptions,
      | 'onLog'
      | 'ca'
      | 'mode'
      | 'cameras'
      | 'consoleUrl'
      | 'iceAdditionalHostAddresses'
      | 'pointCloudEveryMs'
      | 'pointCloudPoints'
    >
  > &
    Pick<SimRobotOptions, 'onLog' | 'ca'>;
  /** The cameras it announces, and one streaming process each (none without a console URL). */
  readonly cameras: readonly RobotCamera[];
  private readonly cameraStreams: SimCamera[];
  /** Its voice peer (live announcements, `patrol/{serial}/voice`). */
  readonly voice: SimVoice;
  /** Its audio player (the audio commands). */
  readonly audio: SimAudioPlayer;
  private client: MqttClient | null = null;
  private timer: NodeJS.Timeout | undefined;
  private scanTimer: NodeJS.Timeout | undefined;
  /** The console's HTTP base (cameras, audio files, point cloud uploads), if it has one. */
  private readonly consoleUrl: string | undefined;
  private readonly pointCloudEveryMs: number;
  private readonly pointCloudPoints: number;
  /** Point cloud uploads it made, in order (tests read it). */
  readonly pointCloudUploads: PointCloudUploadResult[] = [];
  private tokenTimer: NodeJS.Timeout | undefined;
  /**
   * The replies sent for each command id, kept for COMMAND_MEMORY_MS: a command that arrives again
   * with an id already seen (the console re-sends unfinished commands after losing its broker) is
   * answered with these instead of being carried out again.
   */
  private readonly answered = new Map<string, { at: number; replies: RobotCommandReply[] }>();
  /** Modules at fault, by module: reported again now and then until cleared. */
  private readonly faults = new Map<string, SimFault>();
  private readonly actions = new Set<NodeJS.Timeout>();
  private position: LatLng;
  private leg = 0;
  private heading = 0;
  private speedNow = 0;
  private lastTick = Date.now();
  /** The latest configuration the console pushed (multicast, station, fences). */
  config: RobotConfig | null = null;
  /** Along its patrol loop (1) or back along it (-1): the robot turns back at a fence it must not cross. */
  direction: 1 | -1 = 1;
  /** How often the robot turned back at a fence. */
  turns = 0;
  /** The forbidden fence the robot finds itself in (it raised `fence.intrusion`), or null. */
  inForbidden: SimFence | null = null;
  /** Commands received and acted on (accepted or refused), in order, each id once (tests read it). */
  readonly received: RobotCommand[] = [];
  /** Ids of commands that arrived again and were answered from memory, in order (tests read it). */
  readonly repeated: string[] = [];
  battery = 60 + Math.random() * 40;
  mode: RobotMode = 'patrolling';
  lights = false;
  /** The command that sent the robot home, answered when it arrives. */
  private homeCommand: string | null = null;
  /** The robot's own patrol loop, reported with its alarms (`taskId`) when it runs no task. */
  private readonly loopTaskId: string;
  /** The task it runs (`runTask`), or null. */
  run: ActiveRun | null = null;
  /** Every run report it sent, in order (tests read it). */
  readonly runReports: RobotRunReport[] = [];
  /** Lines the robot "said" (the speak action). */
  readonly spoken: string[] = [];
  /** Net-gun shots fired on fire authorisations (`gunDecision` with `allow: true`). */
  fires = 0;
  /** Each of those shots, in order. */
  readonly fireLog: FireRecord[] = [];
  /** The latest sentiment result the console sent. */
  lastSentiment: { eventId: string; ret: number } | null = null;
  /** The alarm whose target the robot is following, while `trackTarget` runs. */
  tracking: string | null = null;
  /** Whether the siren sounds. */
  sirenOn = false;
  /** The mode a fleet stop interrupted, restored by `fleetResume`; null when no stop is in force. */
  modeBeforeStop: RobotMode | null = null;
  /** Gun requests this robot raised, by event id: waiting on a decision until `until`, or closed. */
  private readonly gunRequests = new Map<string, { until: number; state: 'waiting' | 'fired' | 'denied' }>();
  /** Fire authorisations acted on (`jti`): each fires at most once. */
  private readonly usedAuthorizations = new Set<string>();
  private consoleKey: { pem: string; key: ReturnType<typeof importSPKI> } | null = null;
  private trackRun = 0;
  private sirenRun = 0;

  constructor(options: SimRobotOptions) {
    this.serial = options.serial;
    this.options = {
      speed: 1.5,
      telemetryMs: 1000,
      eventChance: 0.002,
      uploadChance: 0.002,
      tokenTtlS: 3600,
      auth: 'token',
      trackMs: 10_000,
      sirenMs: 5_000,
      actionMs: 1500,
      waitMs: 5000,
      failRunAfterNodes: 0,
      ...options,
      alarmChance: options.alarmChance ?? options.eventChance ?? 0.002,
      faultChance: options.faultChance ?? (options.eventChance === 0 ? 0 : 0.0002),
    };
    this.position = options.route.points[0]!;
    this.consoleUrl = options.consoleUrl;
    this.pointCloudEveryMs = options.pointCloudEveryMs ?? 0;
    this.pointCloudPoints = Math.min(MAX_SCAN_POINTS, options.pointCloudPoints ?? DEFAULT_SCAN_POINTS);
    this.cameras = options.consoleUrl ? (options.cameras ?? []) : [];
    this.cameraStreams = this.cameras.map(
      (camera) =>
        new SimCamera({
          serial: options.serial,
          camera,
          consoleUrl: options.consoleUrl!,
          token: () => this.mediaToken(),
          tokenTtlS: this.options.tokenTtlS,
          ...(options.onLog ? { onLog: options.onLog } : {}),
        }),
    );
    this.voice = new SimVoice({
      serial: options.serial,
      send: (reply: RobotVoiceReply) => this.publish('voice/reply', reply, { qos: reply.type === 'level' ? 0 : 1 }),
      ...(options.onLog ? { onLog: options.onLog } : {}),
      ...(options.iceAdditionalHostAddresses ? { iceAdditionalHostAddresses: options.iceAdditionalHostAddresses } : {}),
    });
    this.audio = new SimAudioPlayer({
      serial: options.serial,
      ...(options.consoleUrl ? { consoleUrl: options.consoleUrl } : {}),
      ...(options.onLog ? { onLog: options.onLog } : {}),
    });
    this.loopTaskId = `patrol-${options.serial}`.slice(0, 64);
    if (options.mode) this.mode = options.mode;
  }

  /** The task its alarms carry: the run's id while it runs one, else its own patrol loop. */
  get taskId(): string {
    return this.run?.runId ?? this.loopTaskId;
  }

  /** A fresh MQTT password: a JWT signed with the robot's key, with an id of its own (a token opens one connection). */
  async token(): Promise<string> {
    const key = await importPKCS8(this.options.privateKey, 'EdDSA');
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ kv: this.options.keyVersion })
      .setProtectedHeader({ alg: 'EdDSA' })
      .setJti(randomUUID())
      .setSubject(this.serial)
      .setIssuedAt(now)
      .setExpirationTime(now + this.options.tokenTtlS)
      .sign(key);
  }

  /**
   * A token for pushing its cameras to the console's media routes: signed like the MQTT token but
   * for the media audience only. ffmpeg sends the same one with every request until it is renewed.
   */
  async mediaToken(): Promise<string> {
    const key = await importPKCS8(this.options.privateKey, 'EdDSA');
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ kv: this.options.keyVersion })
      .setProtectedHeader({ alg: 'EdDSA' })
      .setJti(randomUUID())
      .setSubject(this.serial)
      .setAudience(MEDIA_TOKEN_AUDIENCE)
      .setIssuedAt(now)
      .setExpirationTime(now + this.options.tokenTtlS)
      .sign(key);
  }

  /** The running camera streams (tests read their ffmpeg ids). */
  get cameraProcesses(): readonly SimCamera[] {
    return this.cameraStreams;
  }

  /** The static password derived from the key (see derivedPasswordText). */
  derivedPassword(): string {
    const text = derivedPasswordText(this.serial, this.options.keyVersion);
    return sign(null, Buffer.from(text), createPrivateKey(this.options.privateKey)).toString('base64url');
  }

  get connected(): boolean {
    return this.client?.connected ?? false;
  }

  /** Connects and starts reporting; rejects when the broker refuses the robot. */
  async connect(): Promise<void> {
    if (this.client) return;
    const derived = this.options.auth === 'derived';
    const password = derived ? this.derivedPassword() : await this.token();
    const client = mqtt.connect(this.options.brokerUrl, {
      clientId: this.serial,
      username: this.serial,
      password,
      ...(this.options.ca ? { ca: this.options.ca } : {}),
      protocolVersion: 4,
      clean: true,
      keepalive: 30,
      reconnectPeriod: 3000,
      connectTimeout: 10_000,
      will: {
        topic: robotTopic(this.serial, 'online'),
        payload: Buffer.from(JSON.stringify({ online: false })),
        qos: 1,
        retain: true,
      },
    });
    this.client = client;
    // Keep a valid, unused token for reconnects: a fresh one once connected (the broker accepts
    // each token once), and again before it expires.
    if (!derived) {
      client.on('connect', () => {
        void this.token().then((t) => (client.options.password = t));
      });
      this.tokenTimer = setInterval(
        () => {
          void this.token().then((t) => (client.options.password = t));
        },
        Math.max(60_000, (this.options.tokenTtlS * 1000) / 2),
      );
      this.tokenTimer.unref();
    }
    client.on('connect', () => {
      // Online only once it listens for commands: the console refuses a command nobody subscribes to.
      const cameras = this.cameras.length ? { cameras: [...this.cameras] } : {};
      client.subscribe(
        [robotTopic(this.serial, 'cmd'), robotTopic(this.serial, 'config'), robotTopic(this.serial, 'voice')],
        { qos: 1 },
        () => this.publish('online', { online: true, ts: Date.now(), ...cameras }, { qos: 1, retain: true }),
      );
      for (const camera of this.cameraStreams) camera.start();
    });
    // Off the broker the robot is offline: its cameras stop until it is back.
    client.on('offline', () => {
      for (const camera of this.cameraStreams) void camera.stop();
      // An announcement does not outlive the robot's link to the console.
      void this.voice.close();
    });
    client.on('message', (topic, payload) => {
      if (topic === robotTopic(this.serial, 'config')) this.onConfig(payload);
      else if (topic === robotTopic(this.serial, 'voice')) this.onVoice(payload);
      else this.onCommand(payload);
    });
    await new Promise<void>((resolve, reject) => {
      const fail = (error: Error) => {
        cleanup();
        void this.disconnect({ silent: true });
        reject(error);
      };
      const ok = () => {
        cleanup();
        resolve();
      };
      const cleanup = () => {
        client.off('connect', ok);
        client.off('error', fail);
      };
      client.once('connect', ok);
      client.once('error', fail);
    });
    this.lastTick = Date.now();
    this.timer = setInterval(() => this.tick(), this.options.telemetryMs);
    if (this.pointCloudEveryMs > 0 && this.consoleUrl) {
      // A random first delay, so a fleet's robots do not all upload at the same moment.
      const scan = (next: number) => {
        this.scanTimer = setTimeout(() => {
          this.uploadPointCloud({ points: this.pointCloudPoints }).catch((error: unknown) =>
            this.options.onLog?.(`${this.serial} point cloud upload failed: ${String(error)}`),
          );
          scan(this.pointCloudEveryMs);
        }, next);
      };
      scan(Math.random() * this.pointCloudEveryMs);
    }
  }

  /**
   * A token for uploading point clouds: signed like the MQTT token, for the point cloud audience
   * only (docs/robot-protocol.md, "Point clouds"), valid five minutes.
   */
  async pointCloudToken(): Promise<string> {
    const key = await importPKCS8(this.options.privateKey, 'EdDSA');
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ kv: this.options.keyVersion })
      .setProtectedHeader({ alg: 'EdDSA' })
      .setJti(randomUUID())
      .setSubject(this.serial)
      .setAudience(POINT_CLOUD_TOKEN_AUDIENCE)
      .setIssuedAt(now)
      .setExpirationTime(now + 300)
      .sign(key);
  }

  /**
   * Uploads a scan to the console over HTTP (`PUT /api/point-cloud/ingest/{serial}/{uploadId}`): a
   * generated yard of `points` points as binary PCD, or the given bytes. Answers the console's
   * status and body; a refusal is logged, not thrown.
   */
  async uploadPointCloud(options: PointCloudUploadOptions = {}): Promise<PointCloudUploadResult> {
    if (!this.consoleUrl) throw new Error(`${this.serial} has no console URL to upload to`);
    const uploadId = options.uploadId ?? randomUUID();
    const bytes = options.bytes ?? scanPcd(options.points ?? DEFAULT_SCAN_POINTS, Date.now() % 1000);
    const capturedAt = options.capturedAt ?? Date.now();
    const query = new URLSearchParams({ capturedAt: String(capturedAt) });
    if (options.name) query.set('name', options.name);
    if (options.format) query.set('format', options.format);
    const url = `${this.consoleUrl.replace(/\/+$/, '')}${POINT_CLOUD_INGEST_PREFIX}/${encodeURIComponent(this.serial)}/${encodeURIComponent(uploadId)}?${query.toString()}`;
    const response = await fetch(url, {
      method: 'PUT',
      headers: {
        authorization: `Bearer ${options.token ?? (await this.pointCloudToken())}`,
        'content-type': 'application/octet-stream',
        // Refusals are read in the robot's log, in English.
        'accept-language': 'en-US',
      },
      // A copy on its own ArrayBuffer: what fetch's body type takes, Buffer or not.
      body: new Uint8Array(bytes),
    });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text) as unknown;
    } catch {
      // Not JSON: kept as text.
    }
    const result = { status: response.status, uploadId, body };
    this.pointCloudUploads.push(result);
    this.options.onLog?.(
      response.ok
        ? `${this.serial} uploaded point cloud ${uploadId} (${bytes.length} bytes)`
        : `${this.serial} point cloud ${uploadId} refused: ${response.status} ${text.slice(0, 200)}`,
    );
    return result;
  }

  /**
   * Goes offline: `silent` drops the connection as a crash would (the broker publishes the last
   * will), otherwise the robot says it is offline first.
   */
  async disconnect(options: { silent?: boolean } = {}): Promise<void> {
    clearInterval(this.timer);
    clearTimeout(this.scanTimer);
    clearInterval(this.tokenTimer);
    for (const action of this.actions) clearTimeout(action);
    this.actions.clear();
    // The actions that would have ended them are gone with the timers.
    this.tracking = null;
    this.sirenOn = false;
    this.audio.stop();
    void this.voice.close();
    // The cameras end their last segments while the connection closes.
    const camerasStopped = Promise.all(this.cameraStreams.map((camera) => camera.stop()));
    const client = this.client;
    this.client = null;
    if (!client) {
      await camerasStopped;
      return;
    }
    if (options.silent) {
      client.stream.destroy();
      await new Promise<void>((resolve) => client.end(true, {}, () => resolve()));
      await camerasStopped;
      return;
    }
    if (client.connected) {
      await client.publishAsync(robotTopic(this.serial, 'online'), JSON.stringify({ online: false, ts: Date.now() }), {
        qos: 1,
        retain: true,
      });
    }
    await new Promise<void>((resolve) => client.end(false, {}, () => resolve()));
    await camerasStopped;
  }

  private publish(
    kind: 'state' | 'event' | 'cmd/reply' | 'upload' | 'online' | 'run' | 'voice/reply',
    payload: unknown,
    options: { qos: 0 | 1; retain?: boolean },
  ) {
    this.client?.publish(robotTopic(this.serial, kind), JSON.stringify(payload), {
      qos: options.qos,
      retain: options.retain ?? false,
    });
  }

  /** The fences the robot obeys: its station's, top layer first (none without a station). */
  get fences(): readonly SimFence[] {
    return this.config?.fences ?? [];
  }

  /** Where the robot is (WGS84 lat, lng). */
  get location(): LatLng {
    return this.position;
  }

  /** Puts the robot somewhere else on its leg, as if pushed or carried (tests, demos). */
  moveTo(position: LatLng): void {
    this.position = position;
  }

  /**
   * One step of the patrol and one telemetry message. The robot obeys its fences: slower in a slow
   * zone, and it turns back along its loop rather than step into a forbidden fence or out of its
   * patrol areas; inside a forbidden fence (pushed there, or the fence drawn around it) it raises
   * `fence.intrusion` once, and `fence.cleared` when it is out.
   */
  tick(now = Date.now()): void {
    const dt = Math.min(5, Math.max(0, now - this.lastTick) / 1000);
    this.lastTick = now;
    const moving = this.mode === 'patrolling' || this.mode === 'returning';
    const before = this.speedNow;
    const here = fenceRuleAt(this.position, this.fences);
    this.speedNow = moving ? this.options.speed * (0.9 + Math.random() * 0.2) : 0;
    if (here.rule === 'slow') this.speedNow *= SLOW_ZONE_FACTOR;
    if (moving && this.run && this.mode === 'patrolling') {
      this.stepOnRun(dt, here, now);
      this.battery = Math.max(0, this.battery - dt * 0.05);
      if (this.run && this.battery < 20) {
        this.failRun('battery low');
        this.mode = 'returning';
      }
    } else if (moving) {
      const step = this.mode === 'returning' ? this.stepHome(dt, here) : this.stepOnPatrol(dt, here);
      this.position = step.position;
      this.leg = step.leg;
      this.heading = step.heading;
      this.battery = Math.max(0, this.battery - dt * 0.05);
      if (this.mode === 'returning' && step.arrived) this.arriveHome();
      else if (this.mode === 'patrolling' && this.battery < 20) this.mode = 'returning';
    } else if (this.mode === 'charging') {
      this.battery = Math.min(100, this.battery + dt * 0.5);
      if (this.battery >= 95) this.mode = 'patrolling';
    }
    this.watchFences(now);
    this.publish('state', this.telemetry(now, (this.speedNow - before) / Math.max(dt, 0.001)), { qos: 0 });
    if (Math.random() < this.options.eventChance) this.raiseEvent();
    if (Math.random() < this.options.uploadChance) this.reportUpload('image');
    if (this.mode !== 'off' && Math.random() < this.options.alarmChance) {
      this.raiseAlarm(Math.random() < 0.5 ? 'gun' : 'sentiment');
    }
    if (Math.random() < this.options.faultChance) this.reportFault();
  }

  /**
   * A step of the run: straight to the next node at the robot's speed, standing still while an
   * action at a node goes on. A step into a fence it must keep out of ends the run as failed
   * (the path is not one it may drive); in one already, it goes on, to get out.
   */
  private stepOnRun(dt: number, here: FenceRule, now: number) {
    const run = this.run!;
    if (now < run.holdUntil) {
      this.speedNow = 0;
      return;
    }
    while (run.queue.length && this.run === run) run.queue.shift()!();
    if (this.run !== run) return;
    const node = run.task.jobs[run.job]!.nodes[run.node]!;
    const step = advance({ points: [[node.lat, node.lng]] }, 0, this.position, this.speedNow * dt, 0);
    const rule = fenceRuleAt(step.position, this.fences);
    if (!keepsOut(here) && keepsOut(rule)) {
      this.speedNow = 0;
      this.failRun(`blocked by the fence "${rule.fence?.name ?? 'patrol area'}"`.slice(0, 500));
      this.mode = 'idle';
      return;
    }
    this.position = step.position;
    this.heading = step.heading;
    if (step.arrived) this.reachNode(now);
  }

  /** At a node: report it, do the job's action when its trigger says so, then head for the next. */
  private reachNode(now: number) {
    const run = this.run!;
    const job = run.task.jobs[run.job]!;
    const at = { job: run.job, node: run.node, round: run.round };
    run.reached += 1;
    this.report('nodeReached', at);
    const failAfter = this.options.failRunAfterNodes;
    if (failAfter > 0 && run.reached >= failAfter) {
      this.failRun('simulated failure');
      this.mode = 'idle';
      return;
    }
    const last = run.node === job.nodes.length - 1;
    const trigger = job.trigger.type;
    const due =
      trigger === 'eachNode' ||
      (trigger === 'stationNodes' && job.nodes[run.node]!.type === 1) ||
      (trigger === 'pathStart' && run.node === 0) ||
      (trigger === 'pathEnd' && last);
    if (due) {
      run.holdUntil = now + this.act(job, at);
      run.queue.push(() => this.report('actionDone', at));
    }
    if (!last) {
      run.node += 1;
      return;
    }
    run.queue.push(() => this.report('roundFinished', { job: at.job, round: at.round }));
    run.node = 0;
    if (run.round < job.rounds) run.round += 1;
    else if (run.job < run.task.jobs.length - 1) {
      run.job += 1;
      run.round = 1;
    } else {
      run.queue.push(() => {
        this.report('finished');
        this.options.onLog?.(`${this.serial}: run ${run.runId} finished`);
        this.run = null;
        this.mode = 'idle';
      });
    }
    if (!due) while (run.queue.length && this.run === run) run.queue.shift()!();
  }

  /** Does a job's action; answers how long the robot stands still for it, ms. */
  private act(job: RunTaskArgs['task']['jobs'][number], at: { job: number; node: number; round: number }): number {
    const run = this.run!;
    switch (job.action.type) {
      case 'speak': {
        const line = `${this.serial} says: ${job.speakerData}`;
        this.spoken.push(job.speakerData);
        this.options.onLog?.(line);
        return this.options.actionMs;
      }
      case 'photo':
      case 'video':
        this.reportUpload(job.action.type === 'photo' ? 'image' : 'video', {
          data: { runId: run.runId, ...at, lat: this.position[0], lng: this.position[1] },
        });
        return this.options.actionMs;
      case 'siren': {
        this.sirenOn = true;
        const sirenRun = ++this.sirenRun;
        this.later(this.options.actionMs, () => {
          if (this.sirenRun === sirenRun) this.sirenOn = false;
        });
        return this.options.actionMs;
      }
      case 'wait':
        return this.options.waitMs;
      default:
        return this.options.actionMs;
    }
  }

  /** Reports a step of the running run on `patrol/{serial}/run`. */
  private report(step: RunStepName, extra: Partial<RobotRunReport> = {}) {
    const run = this.run;
    if (!run) return;
    const report: RobotRunReport = {
      id: randomUUID(),
      runId: run.runId,
      ts: Date.now(),
      step,
      ...extra,
      position: { lng: this.position[1], lat: this.position[0] },
    };
    this.runReports.push(report);
    this.publish('run', report, { qos: 1 });
  }

  /** Ends the running run as failed (the CLI's `fail SERIAL`); false when it runs none. */
  failRun(reason = 'simulated failure'): boolean {
    if (!this.run) return false;
    this.report('failed', { reason });
    this.options.onLog?.(`${this.serial}: run ${this.run.runId} failed (${reason})`);
    this.run = null;
    if (this.mode === 'patrolling' || this.mode === 'paused') this.mode = 'idle';
    return true;
  }

  /**
   * Straight home to the base while the straight way is clear of fences it must keep out of;
   * otherwise along its loop (turning at fences) until it is.
   */
  private stepHome(dt: number, here: FenceRule) {
    const { route } = this.options;
    if (keepsOut(here) || this.clearWay(route.points[0]!)) {
      return advance(route, this.leg, this.position, this.speedNow * dt, 0);
    }
    return this.stepOnPatrol(dt, here);
  }

  /** Whether the straight way from here to `goal` stays out of fences it must keep out of (every 2 m). */
  private clearWay(goal: LatLng): boolean {
    if (this.fences.length === 0) return true;
    const [lat, lng] = this.position;
    const metres = Math.hypot((goal[0] - lat) * 111_320, (goal[1] - lng) * 111_320 * Math.cos((lat * Math.PI) / 180));
    const samples = Math.max(1, Math.ceil(metres / 2));
    for (let i = 1; i <= samples; i++) {
      const f = i / samples;
      if (keepsOut(fenceRuleAt([lat + (goal[0] - lat) * f, lng + (goal[1] - lng) * f], this.fences))) return false;
    }
    return true;
  }

  /**
   * A step along the loop; one that would enter a fence the robot must keep out of turns it back
   * (unless it is in one already: then it goes on, to get out). Blocked both ways, it waits.
   */
  private stepOnPatrol(dt: number, here: FenceRule) {
    const { route } = this.options;
    const distance = this.speedNow * dt;
    const ahead = advanceAlong(route, this.leg, this.position, distance, this.direction);
    if (keepsOut(here) || !keepsOut(fenceRuleAt(ahead.position, this.fences))) return ahead;
    this.direction = this.direction === 1 ? -1 : 1;
    this.turns += 1;
    this.options.onLog?.(`${this.serial}: turned back at a fence`);
    const back = advanceAlong(route, this.leg, this.position, distance, this.direction);
    if (!keepsOut(fenceRuleAt(back.position, this.fences))) return back;
    this.speedNow = 0;
    return { position: this.position, leg: this.leg, heading: this.heading, arrived: false };
  }

  /** Raises `fence.intrusion` on finding itself in a forbidden fence, `fence.cleared` on leaving it. */
  private watchFences(now: number) {
    const rule = fenceRuleAt(this.position, this.fences);
    const inside = rule.rule === 'forbidden' ? rule.fence : null;
    if (inside && !this.inForbidden) {
      this.inForbidden = inside;
      // A scene for the operators (`sentiment`): the alarm area records it and tells them.
      this.raiseEvent({
        ts: now,
        kind: 'sentiment',
        ...(this.onTask ? { taskId: this.taskId } : {}),
        code: FENCE_EVENT_CODES.intrusion,
        level: 2,
        message: `Inside the forbidden fence "${inside.name}"`.slice(0, 500),
        position: { lat: this.position[0], lng: this.position[1] },
      });
    } else if (!inside && this.inForbidden) {
      const left = this.inForbidden;
      this.inForbidden = null;
      this.raiseEvent({
        ts: now,
        code: FENCE_EVENT_CODES.cleared,
        level: 0,
        message: `Out of the forbidden fence "${left.name}"`.slice(0, 500),
        position: { lat: this.position[0], lng: this.position[1] },
      });
    }
  }

  private arriveHome() {
    this.mode = this.battery < 95 ? 'charging' : 'idle';
    if (this.homeCommand) {
      this.reply(this.homeCommand, 'async', REPLY_CODES.ok, 'arrived at the base');
      this.homeCommand = null;
    }
  }

  telemetry(now = Date.now(), acceleration = 0): RobotTelemetry {
    const level = this.battery < 10 ? 2 : this.battery < 20 ? 1 : 0;
    return {
      ts: now,
      lat: this.position[0],
      lng: this.position[1],
      altitude: 12 + jitter(0.4),
      speed: Number(this.speedNow.toFixed(2)),
      acceleration: Number(Math.max(-100, Math.min(100, acceleration)).toFixed(2)),
      direction: Number(this.heading.toFixed(1)) % 360,
      battery: Number(this.battery.toFixed(1)),
      charging: this.mode === 'charging',
      temperatures: {
        ambient: Number((26 + jitter(1)).toFixed(1)),
        body: Number((38 + jitter(2)).toFixed(1)),
        battery: Number((31 + (this.mode === 'charging' ? 6 : 0) + jitter(1)).toFixed(1)),
      },
      humidity: Number((65 + jitter(4)).toFixed(1)),
      windSpeed: Number((3 + jitter(2)).toFixed(1)),
      windDirection: Math.round(135 + jitter(30)),
      network: { up: Math.round(2400 + jitter(800)), down: Math.round(850 + jitter(300)) },
      versions: { firmware: FIRMWARE, modules: MODULES },
      warning: { level, color: level === 2 ? 'red' : level === 1 ? 'yellow' : null },
      mode: this.mode,
      lights: this.lights,
      audio: this.audio.snapshot(this.voice.announcing, now),
    };
  }

  /** Publishes an event (alarm), e.g. an intrusion seen by the camera. */
  raiseEvent(event: Partial<RobotEvent> = {}): RobotEvent {
    const codes = [
      { code: 'intrusion', level: 2, message: 'Person detected in a restricted area' },
      { code: 'obstacle', level: 1, message: 'Path blocked by an obstacle' },
      { code: 'smoke', level: 2, message: 'Smoke detected' },
    ];
    const pick = codes[Math.floor(Math.random() * codes.length)]!;
    const full: RobotEvent = { id: randomUUID(), ts: Date.now(), ...pick, ...event };
    this.publish('event', full, { qos: 1 });
    return full;
  }

  /**
   * Publishes a fault report (`kind: 'fault'`) of one of its modules: `module` names it (a random one
   * of SIM_FAULTS otherwise, preferring one already at fault, which is reported again with a new id
   * and the same code). The console opens one draft work order per module at fault.
   */
  reportFault(module?: string, overrides: Partial<RobotEvent> = {}): RobotEvent {
    const open = [...this.faults.values()];
    const known = module ? SIM_FAULTS.find((f) => f.module === module) : undefined;
    const fault: SimFault =
      (module ? (this.faults.get(module) ?? known) : undefined) ??
      (open.length && Math.random() < 0.5
        ? open[Math.floor(Math.random() * open.length)]!
        : SIM_FAULTS[Math.floor(Math.random() * SIM_FAULTS.length)]!);
    const name = module ?? fault.module;
    this.faults.set(name, fault);
    const event: RobotEvent = {
      id: randomUUID(),
      ts: Date.now(),
      kind: 'fault',
      module: name,
      code: fault.code,
      level: fault.level,
      message: fault.message,
      position: { lat: this.position[0], lng: this.position[1] },
      ...overrides,
    };
    this.options.onLog?.(`${this.serial}: fault of ${name} (${event.code})`);
    this.publish('event', event, { qos: 1 });
    return event;
  }

  /** The modules it reports at fault. */
  get modulesAtFault(): string[] {
    return [...this.faults.keys()];
  }

  /** The module is repaired: it is no longer reported. */
  clearFault(module: string): boolean {
    return this.faults.delete(module);
  }

  /** Whether the robot is on its patrol task (running, paused, or held by a fleet stop meanwhile). */
  get onTask(): boolean {
    const mode = this.mode === 'stopped' ? this.modeBeforeStop : this.mode;
    return mode === 'patrolling' || mode === 'paused';
  }

  /**
   * Publishes an alarm: `gun` asks the console's permission to fire the net gun at a target
   * (`netGunTarget`), `sentiment` reports a scene (crowd, intrusion, smoke, fight). It carries the
   * task, the position and a picture (PNG, base64). The robot waits GUN_REQUEST_PENDING_MS on the
   * decision on a gun request; `overrides` replace any field (an `id` of the caller's own, say).
   */
  raiseAlarm(kind: AlarmKind, overrides: Partial<RobotEvent> = {}): RobotEvent {
    const ts = overrides.ts ?? Date.now();
    const pick =
      kind === 'gun'
        ? { code: 'netGunTarget', level: 2, message: 'Intruder in range of the net gun: permission to fire?' }
        : SENTIMENT_ALARMS[Math.floor(Math.random() * SENTIMENT_ALARMS.length)]!;
    const code = overrides.code ?? pick.code;
    const alarm: RobotEvent = {
      id: randomUUID(),
      ts,
      kind,
      ...(this.onTask ? { taskId: this.taskId } : {}),
      code,
      level: pick.level,
      message: pick.message,
      position: { lat: this.position[0], lng: this.position[1] },
      image: alarmImage({ serial: this.serial, at: ts, kind, label: code }).toString('base64'),
      ...overrides,
    };
    if (kind === 'gun') {
      for (const [id, request] of this.gunRequests) {
        if (request.until < ts - GUN_REQUEST_PENDING_MS) this.gunRequests.delete(id);
      }
      this.gunRequests.set(alarm.id, { until: ts + GUN_REQUEST_PENDING_MS, state: 'waiting' });
    }
    this.options.onLog?.(`${this.serial}: ${kind} alarm ${alarm.id} (${alarm.code})`);
    this.publish('event', alarm, { qos: 1 });
    return alarm;
  }

  /** The gun requests still waiting on a decision. */
  pendingGunRequests(now = Date.now()): string[] {
    return [...this.gunRequests].filter(([, r]) => r.state === 'waiting' && r.until >= now).map(([id]) => id);
  }

  /** Publishes a data upload record. */
  reportUpload(kind: RobotUpload['kind'] = 'image', extra: Partial<RobotUpload> = {}): RobotUpload {
    const ts = Date.now();
    const ext = { image: 'jpg', video: 'mp4', audio: 'wav', log: 'log', data: 'json' }[kind];
    const upload: RobotUpload = {
      id: randomUUID(),
      ts,
      kind,
      name: `${this.serial}-${ts}.${ext}`,
      size: Math.round(50_000 + Math.random() * 400_000),
      data: { lat: this.position[0], lng: this.position[1] },
      ...extra,
    };
    this.publish('upload', upload, { qos: 1 });
    return upload;
  }

  private reply(id: string, phase: 'sync' | 'async', code: number, message?: string) {
    const reply: RobotCommandReply = { id, phase, code, ts: Date.now(), ...(message ? { message } : {}) };
    this.answered.get(id)?.replies.push(reply);
    this.publish('cmd/reply', reply, { qos: 1 });
  }

  /** Remembers a command id (and the replies to come); forgets ids older than COMMAND_MEMORY_MS. */
  private remember(id: string) {
    const now = Date.now();
    for (const [known, entry] of this.answered) {
      if (now - entry.at <= COMMAND_MEMORY_MS) break;
      this.answered.delete(known);
    }
    this.answered.set(id, { at: now, replies: [] });
  }

  private later(ms: number, task: () => void) {
    const timer = setTimeout(() => {
      this.actions.delete(timer);
      task();
    }, ms);
    this.actions.add(timer);
  }

  private onConfig(payload: Buffer) {
    try {
      const parsed = robotConfig.safeParse(JSON.parse(payload.toString('utf8')));
      if (parsed.success) this.config = parsed.data;
    } catch {
      // Not JSON: ignored, like any malformed message.
    }
  }

  private onVoice(payload: Buffer) {
    let raw: unknown;
    try {
      raw = JSON.parse(payload.toString('utf8'));
    } catch {
      return;
    }
    const parsed = robotVoiceRequest.safeParse(raw);
    if (parsed.success) this.voice.handle(parsed.data);
  }

  private onCommand(payload: Buffer) {
    let raw: unknown;
    try {
      raw = JSON.parse(payload.toString('utf8'));
    } catch {
      return;
    }
    const parsed = robotCommand.safeParse(raw);
    if (!parsed.success) {
      const id = (raw as { id?: unknown } | null)?.id;
      if (typeof id === 'string' && id) this.reply(id, 'sync', REPLY_CODES.invalid, 'unknown command or arguments');
      return;
    }
    const command = parsed.data;
    const known = this.answered.get(command.id);
    if (known) {
      // Seen before: said again, never done again (an answer still to come is sent when it is ready).
      this.repeated.push(command.id);
      for (const reply of known.replies) this.publish('cmd/reply', reply, { qos: 1 });
      return;
    }
    this.received.push(command);
    this.remember(command.id);
    if (Date.now() > command.expiresAt) return this.reply(command.id, 'sync', REPLY_CODES.expired, 'expired');
    // Judged when the robot answers, so a fleet stop that arrived meanwhile already counts.
    this.later(SYNC_DELAY_MS, () => {
      const refusal = this.refusal(command.name);
      if (refusal) {
        this.options.onLog?.(`${this.serial}: ${command.name} refused (${refusal})`);
        return this.reply(command.id, 'sync', REPLY_CODES.rejected, refusal);
      }
      if (command.name === 'gunDecision' && command.args.allow) {
        void this.authorizeFire(command.id, command.args.eventId, command.args.authorization);
        return;
      }
      this.options.onLog?.(`${this.serial}: ${command.name} accepted`);
      this.reply(command.id, 'sync', REPLY_CODES.ok);
      this.perform(command);
    });
  }

  /**
   * A gun decision that allows the shot: fires once if its authorisation is a JWS (EdDSA) by the
   * console's key naming this robot and a gun request it raised and still waits on, unexpired and
   * never used. Every check and the bookkeeping that follows run without a pause after the
   * signature is verified, so replays arriving together still fire once.
   */
  private async authorizeFire(commandId: string, eventId: string, authorization: string | undefined) {
    const refuse = (code: number, message: string) => {
      this.options.onLog?.(`${this.serial}: gunDecision refused (${message})`);
      this.reply(commandId, 'sync', code, message);
    };
    if (!authorization) return refuse(REPLY_CODES.unauthorized, 'no fire authorisation');
    const pem = this.config?.consoleKey;
    if (!pem) return refuse(REPLY_CODES.unauthorized, 'no console key to check the authorisation');
    if (this.consoleKey?.pem !== pem) this.consoleKey = { pem, key: importSPKI(pem, 'EdDSA') };
    let payload: Uint8Array;
    try {
      payload = (await compactVerify(authorization, await this.consoleKey.key, { algorithms: ['EdDSA'] })).payload;
    } catch {
      return refuse(REPLY_CODES.unauthorized, "signature does not verify with the console's key");
    }
    let claims;
    try {
      claims = fireAuthorizationClaims.parse(JSON.parse(new TextDecoder().decode(payload)));
    } catch {
      return refuse(REPLY_CODES.unauthorized, 'malformed authorisation claims');
    }
    const now = Date.now();
    if (claims.sub !== this.serial) return refuse(REPLY_CODES.unauthorized, 'authorisation for another robot');
    if (claims.alarm !== eventId) return refuse(REPLY_CODES.unauthorized, 'authorisation for another event');
    if (this.usedAuthorizations.has(claims.jti)) return refuse(REPLY_CODES.duplicate, 'authorisation used before');
    if (now / 1000 > claims.exp + FIRE_AUTHORIZATION_SKEW_S)
      return refuse(REPLY_CODES.expired, 'authorisation expired');
    if (claims.iat > now / 1000 + FIRE_AUTHORIZATION_SKEW_S) {
      return refuse(REPLY_CODES.unauthorized, 'authorisation issued in the future');
    }
    const request = this.gunRequests.get(eventId);
    if (!request) return refuse(REPLY_CODES.unauthorized, 'no gun request with this id');
    if (request.state === 'fired') return refuse(REPLY_CODES.duplicate, 'already fired for this gun request');
    if (request.state === 'denied') return refuse(REPLY_CODES.unauthorized, 'gun request already closed');
    if (request.until < now) return refuse(REPLY_CODES.unauthorized, 'gun request no longer waiting');
    this.usedAuthorizations.add(claims.jti);
    request.state = 'fired';
    this.options.onLog?.(`${this.serial}: gunDecision accepted, firing at ${eventId} (${claims.opName})`);
    this.reply(commandId, 'sync', REPLY_CODES.ok);
    this.later(ACTION_MS.gunDecision, () => {
      this.fires += 1;
      this.fireLog.push({ jti: claims.jti, eventId, at: Date.now() });
      this.reportUpload('image', { data: { trigger: 'gunDecision', commandId, eventId, authorization: claims.jti } });
      this.reply(commandId, 'async', REPLY_CODES.ok, 'fired');
    });
  }

  /** Why the robot cannot do this now, or null. */
  private refusal(name: CommandName): string | null {
    if (name === 'runTask' && (this.run || this.mode === 'returning')) return 'busy';
    if (name === 'fleetResume') return this.mode === 'stopped' ? null : 'not stopped';
    if (this.mode === 'off' && name !== 'powerOn' && name !== 'fleetStop') return 'powered off';
    if (this.mode === 'stopped' && REFUSED_WHILE_STOPPED.has(name)) return 'fleet stop in force';
    if (name === 'pauseTask' && this.mode !== 'patrolling' && this.mode !== 'returning') return 'no task running';
    if (name === 'pauseTask' && this.run && this.mode !== 'patrolling') return 'no task running';
    if (name === 'resumeTask' && this.mode !== 'paused') return 'no task paused';
    return this.audio.refusal(name);
  }

  /**
   * An audio command, accepted: `audioPlay` downloads and checks the playlist and reports when it
   * plays (or why it cannot); the others act after their ACTION_MS, and fail when the player
   * changed meanwhile so that they no longer make sense (a pause once the playlist has ended).
   */
  private performAudio(command: Extract<RobotCommand, { name: AudioCommandName }>) {
    const reply = (code: number, message?: string) => this.reply(command.id, 'async', code, message);
    if (command.name === 'audioPlay') {
      const started = Date.now();
      const { tracks, mode } = command.args;
      void this.audio.play(tracks, mode).then(
        () => {
          const wait = Math.max(0, ACTION_MS.audioPlay - (Date.now() - started));
          this.later(wait, () => reply(REPLY_CODES.ok, `playing "${this.audio.current?.name ?? ''}"`.slice(0, 500)));
        },
        (error: unknown) => {
          const message = error instanceof AudioPlayError ? error.message : 'playback failed';
          this.options.onLog?.(`${this.serial}: audioPlay failed (${message})`);
          reply(REPLY_CODES.failed, message.slice(0, 500));
        },
      );
      return;
    }
    this.later(ACTION_MS[command.name], () => {
      const audio = this.audio;
      let done = true;
      switch (command.name) {
        case 'audioPause':
          done = audio.pause();
          break;
        case 'audioResume':
          done = audio.resume();
          break;
        case 'audioStop':
          audio.stop();
          break;
        case 'audioNext':
          done = audio.next();
          break;
        case 'audioPrevious':
          done = audio.previous();
          break;
        case 'audioVolume':
          audio.setVolume(command.args.volume);
          break;
        case 'audioMute':
          audio.setMuted(command.args.muted);
          break;
        case 'audioMode':
          audio.setMode(command.args.mode);
          break;
      }
      if (done) reply(REPLY_CODES.ok, audio.state);
      else reply(REPLY_CODES.failed, `player ${audio.state}`);
    });
  }

  private perform(command: RobotCommand) {
    const done = (message?: string) => this.reply(command.id, 'async', REPLY_CODES.ok, message);
    switch (command.name) {
      case 'audioPlay':
      case 'audioPause':
      case 'audioResume':
      case 'audioStop':
      case 'audioNext':
      case 'audioPrevious':
      case 'audioVolume':
      case 'audioMute':
      case 'audioMode':
        return this.performAudio(command);
      case 'runTask': {
        const { runId, task } = command.args;
        this.run = { runId, task, job: 0, round: 1, node: 0, reached: 0, holdUntil: 0, queue: [] };
        this.modeBeforeStop = null;
        this.mode = 'patrolling';
        this.options.onLog?.(`${this.serial}: running task "${task.name}" (run ${runId})`);
        this.report('started');
        return done('started');
      }
      case 'returnToBase':
        if (this.run) this.failRun(RUN_REASON_RETURNED_TO_BASE);
        if (this.homeCommand) this.reply(this.homeCommand, 'async', REPLY_CODES.failed, 'superseded');
        this.homeCommand = command.id;
        this.mode = 'returning';
        return;
      case 'fleetStop': {
        // At once: the stop holds the robot where it is. Sent again (the console does on every
        // reconnect while it is in force), it keeps the mode the first stop interrupted.
        const already = this.mode === 'stopped';
        if (!already) {
          this.modeBeforeStop = this.mode;
          this.mode = 'stopped';
          this.speedNow = 0;
        }
        return this.later(ACTION_MS.fleetStop, () => done(already ? 'already stopped' : 'stopped'));
      }
      case 'fleetResume':
        this.mode = this.modeBeforeStop ?? 'idle';
        this.modeBeforeStop = null;
        return this.later(ACTION_MS.fleetResume, () => done('resumed'));
      case 'gunDecision': {
        // Allowing goes through authorizeFire; this is the operator's "no": the request closes.
        const request = this.gunRequests.get(command.args.eventId);
        const waiting = request?.state === 'waiting';
        if (request && waiting) request.state = 'denied';
        return this.later(ACTION_MS.sentimentDecision, () => done(waiting ? 'request closed' : 'no request waiting'));
      }
      case 'trackTarget': {
        const run = ++this.trackRun;
        return this.later(ACTION_MS.trackTarget, () => {
          this.tracking = command.args.eventId;
          this.later(this.options.trackMs, () => {
            if (this.trackRun === run) this.tracking = null;
            done(this.trackRun === run ? 'tracking ended' : 'switched to another target');
          });
        });
      }
      case 'siren': {
        const run = ++this.sirenRun;
        return this.later(ACTION_MS.siren, () => {
          this.sirenOn = true;
          this.later(this.options.sirenMs, () => {
            if (this.sirenRun === run) this.sirenOn = false;
            done('siren off');
          });
        });
      }
    }
    this.later(ACTION_MS[command.name], () => {
      switch (command.name) {
        case 'powerOn':
          if (this.mode === 'off') this.mode = 'idle';
          else if (this.mode === 'stopped' && this.modeBeforeStop === 'off') this.modeBeforeStop = 'idle';
          break;
        case 'lights':
          this.lights = command.args.on;
          break;
        case 'pauseTask':
        case 'resumeTask':
          // A fleet stop that came in while the action ran wins.
          if (this.mode === 'stopped') {
            return this.reply(command.id, 'async', REPLY_CODES.failed, 'fleet stop in force');
          }
          this.mode = command.name === 'pauseTask' ? 'paused' : 'patrolling';
          this.report(command.name === 'pauseTask' ? 'paused' : 'resumed');
          break;
        case 'netGunFire':
        case 'tripwireFire':
          this.reportUpload('image', { data: { trigger: command.name, commandId: command.id } });
          break;
        case 'sentimentDecision':
          this.lastSentiment = { eventId: command.args.eventId, ret: command.args.ret };
          break;
      }
      done();
    });
  }
}
