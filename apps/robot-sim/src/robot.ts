import { createPrivateKey, randomUUID, sign } from 'node:crypto';
import { importPKCS8, SignJWT } from 'jose';
import mqtt, { type MqttClient } from 'mqtt';
import {
  derivedPasswordText,
  REPLY_CODES,
  robotCommand,
  robotConfig,
  robotTopic,
  type CommandName,
  type RobotCommand,
  type RobotCommandReply,
  type RobotConfig,
  type RobotEvent,
  type RobotMode,
  type RobotTelemetry,
  type RobotUpload,
} from '@patrol/contracts';
import { advance, type LatLng, type Route } from './route.js';

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
};

/** How long each action takes before its async result, in ms (return to base ends on arrival). */
export const ACTION_MS: Record<Exclude<CommandName, 'returnToBase'>, number> = {
  powerOn: 1500,
  lights: 300,
  netGunFire: 1200,
  tripwireFire: 800,
  pauseTask: 200,
  resumeTask: 200,
};
/** Delay before the sync acknowledgement. */
export const SYNC_DELAY_MS = 80;

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
  private readonly options: Required<Omit<SimRobotOptions, 'onLog' | 'ca'>> & Pick<SimRobotOptions, 'onLog' | 'ca'>;
  private client: MqttClient | null = null;
  private timer: NodeJS.Timeout | undefined;
  private tokenTimer: NodeJS.Timeout | undefined;
  private readonly seen = new Set<string>();
  private readonly actions = new Set<NodeJS.Timeout>();
  private position: LatLng;
  private leg = 0;
  private heading = 0;
  private speedNow = 0;
  private lastTick = Date.now();
  /** The latest configuration the console pushed (multicast). */
  config: RobotConfig | null = null;
  /** Commands received, in order (tests read it). */
  readonly received: RobotCommand[] = [];
  battery = 60 + Math.random() * 40;
  mode: RobotMode = 'patrolling';
  lights = false;
  /** The command that sent the robot home, answered when it arrives. */
  private homeCommand: string | null = null;

  constructor(options: SimRobotOptions) {
    this.serial = options.serial;
    this.options = {
      speed: 1.5,
      telemetryMs: 1000,
      eventChance: 0.002,
      uploadChance: 0.002,
      tokenTtlS: 3600,
      auth: 'token',
      ...options,
    };
    this.position = options.route.points[0]!;
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
      client.subscribe([robotTopic(this.serial, 'cmd'), robotTopic(this.serial, 'config')], { qos: 1 });
      this.publish('online', { online: true, ts: Date.now() }, { qos: 1, retain: true });
    });
    client.on('message', (topic, payload) => {
      if (topic === robotTopic(this.serial, 'config')) this.onConfig(payload);
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
  }

  /**
   * Goes offline: `silent` drops the connection as a crash would (the broker publishes the last
   * will), otherwise the robot says it is offline first.
   */
  async disconnect(options: { silent?: boolean } = {}): Promise<void> {
    clearInterval(this.timer);
    clearInterval(this.tokenTimer);
    for (const action of this.actions) clearTimeout(action);
    this.actions.clear();
    const client = this.client;
    this.client = null;
    if (!client) return;
    if (options.silent) {
      client.stream.destroy();
      await new Promise<void>((resolve) => client.end(true, {}, () => resolve()));
      return;
    }
    if (client.connected) {
      await client.publishAsync(robotTopic(this.serial, 'online'), JSON.stringify({ online: false, ts: Date.now() }), {
        qos: 1,
        retain: true,
      });
    }
    await new Promise<void>((resolve) => client.end(false, {}, () => resolve()));
  }

  private publish(
    kind: 'state' | 'event' | 'cmd/reply' | 'upload' | 'online',
    payload: unknown,
    options: { qos: 0 | 1; retain?: boolean },
  ) {
    this.client?.publish(robotTopic(this.serial, kind), JSON.stringify(payload), {
      qos: options.qos,
      retain: options.retain ?? false,
    });
  }

  /** One step of the patrol and one telemetry message. */
  tick(): void {
    const now = Date.now();
    const dt = Math.min(5, (now - this.lastTick) / 1000);
    this.lastTick = now;
    const moving = this.mode === 'patrolling' || this.mode === 'returning';
    const before = this.speedNow;
    this.speedNow = moving ? this.options.speed * (0.9 + Math.random() * 0.2) : 0;
    if (moving) {
      const target = this.mode === 'returning' ? 0 : undefined;
      const step = advance(this.options.route, this.leg, this.position, this.speedNow * dt, target);
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
    this.publish('state', this.telemetry(now, (this.speedNow - before) / Math.max(dt, 0.001)), { qos: 0 });
    if (Math.random() < this.options.eventChance) this.raiseEvent();
    if (Math.random() < this.options.uploadChance) this.reportUpload('image');
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
    this.publish('cmd/reply', reply, { qos: 1 });
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
    this.received.push(command);
    if (this.seen.has(command.id)) return this.reply(command.id, 'sync', REPLY_CODES.duplicate, 'already received');
    this.seen.add(command.id);
    if (Date.now() > command.expiresAt) return this.reply(command.id, 'sync', REPLY_CODES.expired, 'expired');
    const refusal = this.refusal(command.name);
    this.options.onLog?.(`${this.serial}: ${command.name} ${refusal ? `refused (${refusal})` : 'accepted'}`);
    this.later(SYNC_DELAY_MS, () => {
      if (refusal) return this.reply(command.id, 'sync', REPLY_CODES.rejected, refusal);
      this.reply(command.id, 'sync', REPLY_CODES.ok);
      this.perform(command);
    });
  }

  /** Why the robot cannot do this now, or null. */
  private refusal(name: CommandName): string | null {
    if (this.mode === 'off' && name !== 'powerOn') return 'powered off';
    if (name === 'pauseTask' && this.mode !== 'patrolling' && this.mode !== 'returning') return 'no task running';
    if (name === 'resumeTask' && this.mode !== 'paused') return 'no task paused';
    return null;
  }

  private perform(command: RobotCommand) {
    if (command.name === 'returnToBase') {
      if (this.homeCommand) this.reply(this.homeCommand, 'async', REPLY_CODES.failed, 'superseded');
      this.homeCommand = command.id;
      this.mode = 'returning';
      return;
    }
    this.later(ACTION_MS[command.name], () => {
      switch (command.name) {
        case 'powerOn':
          if (this.mode === 'off') this.mode = 'idle';
          break;
        case 'lights':
          this.lights = command.args.on;
          break;
        case 'pauseTask':
          this.mode = 'paused';
          break;
        case 'resumeTask':
          this.mode = 'patrolling';
          break;
        case 'netGunFire':
        case 'tripwireFire':
          this.reportUpload('image', { data: { trigger: command.name, commandId: command.id } });
          break;
      }
      this.reply(command.id, 'async', REPLY_CODES.ok);
    });
  }
}
