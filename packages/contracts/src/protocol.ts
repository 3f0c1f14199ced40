import { z } from 'zod';
import { ROBOT_CAMERAS_MAX, robotCamera } from './video.js';
import { audioCommandBody, audioCommandNames, robotAudioState } from './voice.js';

/**
 * The robot protocol over MQTT (docs/robot-protocol.md). Every robot publishes and subscribes only
 * under `patrol/{serial}/`; the payloads are JSON and validated by these schemas on both ends. The
 * topics and limits are in protocol-topics.ts.
 */
export * from './protocol-topics.js';

const epochMs = z.number().int().nonnegative();
const degrees = z.number().min(0).lt(360);

/** The warning shown on the map: level 0 none, 1 yellow, 2 red (spec: warning level and colour). */
export const warningColors = ['yellow', 'red'] as const;
export const WARNING_COLOR_BY_LEVEL = { 0: null, 1: 'yellow', 2: 'red' } as const;

/** `stopped`: held in place by a fleet-wide stop; it moves again only on `fleetResume`. */
export const robotModes = ['idle', 'patrolling', 'paused', 'returning', 'charging', 'off', 'stopped'] as const;
export type RobotMode = (typeof robotModes)[number];

/** `patrol/{serial}/state`, about once a second, QoS 0. Coordinates are WGS84. */
export const robotTelemetry = z.object({
  ts: epochMs,
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
  /** Metres above sea level. */
  altitude: z.number().min(-500).max(10_000),
  /** m/s. */
  speed: z.number().min(0).max(100),
  /** m/s². */
  acceleration: z.number().min(-100).max(100),
  /** Heading in degrees, 0 north, clockwise. */
  direction: degrees,
  /** Percent. */
  battery: z.number().min(0).max(100),
  charging: z.boolean(),
  /** °C of the air, the body and the battery. */
  temperatures: z.object({
    ambient: z.number().min(-60).max(100),
    body: z.number().min(-60).max(150),
    battery: z.number().min(-60).max(150),
  }),
  /** Relative humidity, percent. */
  humidity: z.number().min(0).max(100),
  /** m/s. */
  windSpeed: z.number().min(0).max(100),
  /** Degrees the wind comes from. */
  windDirection: degrees,
  /** kbit/s. */
  network: z.object({ up: z.number().min(0), down: z.number().min(0) }),
  versions: z.object({
    firmware: z.string().min(1).max(64),
    modules: z.record(z.string().max(64), z.string().max(64)),
  }),
  warning: z.object({ level: z.number().int().min(0).max(2), color: z.enum(warningColors).nullable() }),
  mode: z.enum(robotModes),
  lights: z.boolean(),
  /** The robot's audio: volume, mute, play mode, what plays, whether it announces (docs/voice.md). */
  audio: robotAudioState.optional(),
});
export type RobotTelemetry = z.infer<typeof robotTelemetry>;

/**
 * What an event is: `gun` asks permission to fire the net gun, `sentiment` is a scene to look at,
 * `fault` is the robot's own fault report of one of its modules (it opens a draft work order).
 */
export const eventKinds = ['event', 'gun', 'sentiment', 'fault'] as const;
export type EventKind = (typeof eventKinds)[number];
/** Largest image an alarm event may carry, decoded (JPEG or PNG, told by its bytes). */
export const ALARM_IMAGE_MAX_BYTES = 256 * 1024;

/**
 * `patrol/{serial}/event`, QoS 1: alarms and events. `gun` and `sentiment` events are alarms: the
 * console records each once per `id` and tells the operators; `image` is the picture, base64.
 */
export const robotEvent = z
  .object({
    id: z.string().min(1).max(64),
    ts: epochMs,
    /** `event` (logged only) when absent. */
    kind: z.enum(eventKinds).optional(),
    /** The task the robot was running, if any. */
    taskId: z.string().min(1).max(64).optional(),
    /** The module at fault (`fault` events, required there): `chassis`, `lidar`, `camera`... */
    module: z.string().trim().min(1).max(30).optional(),
    code: z.string().min(1).max(64),
    level: z.number().int().min(0).max(2),
    message: z.string().max(500),
    /** Where the robot was (WGS84). */
    position: z.object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) }).optional(),
    /** JPEG or PNG, base64; at most ALARM_IMAGE_MAX_BYTES decoded. */
    image: z
      .string()
      .max(Math.ceil(ALARM_IMAGE_MAX_BYTES / 3) * 4 + 4)
      .optional(),
    /** A link to a picture kept elsewhere (plain events). */
    img: z.string().max(2000).optional(),
  })
  .refine((e) => e.kind !== 'fault' || e.module !== undefined, {
    path: ['module'],
    message: 'a fault names its module',
  });
export type RobotEvent = z.infer<typeof robotEvent>;

/**
 * Event codes a robot raises about its fences: it found itself inside a forbidden fence (pushed,
 * carried, or the fence was drawn around it), and when it left again.
 */
export const FENCE_EVENT_CODES = { intrusion: 'fence.intrusion', cleared: 'fence.cleared' } as const;

/**
 * `patrol/{serial}/online`, retained; the robot's last will publishes `{online:false}`. With
 * `online: true` the robot announces its cameras (docs/video.md); a robot without `cameras` has none.
 */
export const robotOnline = z.object({
  online: z.boolean(),
  ts: epochMs.optional(),
  cameras: z.array(robotCamera).max(ROBOT_CAMERAS_MAX).optional(),
});
export type RobotOnline = z.infer<typeof robotOnline>;

/** The commands of the robot control page (spec section 4: other actions). */
export const controlCommandNames = [
  'powerOn',
  'lights',
  'netGunFire',
  'tripwireFire',
  'pauseTask',
  'resumeTask',
  'returnToBase',
] as const;
/** Commands the console sends for an alarm (never from the control page). */
export const alarmCommandNames = ['gunDecision', 'sentimentDecision', 'trackTarget', 'siren'] as const;
/** Commands of a fleet-wide stop. */
export const fleetCommandNames = ['fleetStop', 'fleetResume'] as const;
/** Commands that hand the robot a task to run (the scheduler, or an operator's "run now"). */
export const taskCommandNames = ['runTask'] as const;
/** Every command a robot may receive. */
export const commandNames = [
  ...controlCommandNames,
  ...alarmCommandNames,
  ...fleetCommandNames,
  ...taskCommandNames,
  ...audioCommandNames,
] as const;
export type CommandName = (typeof commandNames)[number];
export type ControlCommandName = (typeof controlCommandNames)[number];
/** Commands that fire something: an explicit confirm step, audited, never re-sent. */
export const DANGEROUS_COMMANDS: readonly CommandName[] = ['netGunFire', 'tripwireFire'];
export const netGunSides = ['leftFront', 'rightRear'] as const;

const noArgs = z.object({}).strict().default({});
/** A control-page command's name with its arguments (what `robot-server/cmd/send` takes). */
export const commandBody = z.discriminatedUnion('name', [
  z.object({ name: z.literal('powerOn'), args: noArgs }),
  z.object({ name: z.literal('lights'), args: z.object({ on: z.boolean() }).strict() }),
  z.object({ name: z.literal('netGunFire'), args: z.object({ side: z.enum(netGunSides) }).strict() }),
  z.object({ name: z.literal('tripwireFire'), args: noArgs }),
  z.object({ name: z.literal('pauseTask'), args: noArgs }),
  z.object({ name: z.literal('resumeTask'), args: noArgs }),
  z.object({ name: z.literal('returnToBase'), args: noArgs }),
]);
export type CommandBody = z.input<typeof commandBody>;

const eventId = z.string().min(1).max(64);
/**
 * The sentiment results an operator sends the robot (`cmd/sentiment`'s `ret`): 4 is "no deal"
 * (ignore), as the spec gives it; the others are the disposal operations that concern the robot.
 */
export const SENTIMENT_RET = { dispose: 1, trackTarget: 2, voiceTalk: 3, ignore: 4, siren: 5, complete: 6 } as const;

/** An alarm's command: the decision on a gun event, a sentiment result, track the target, sound the siren. */
export const alarmCommandBody = z.discriminatedUnion('name', [
  z.object({
    name: z.literal('gunDecision'),
    args: z
      .object({
        /** The gun event's `id`. */
        eventId,
        allow: z.boolean(),
        /** With `allow: true`: the fire authorisation, a compact JWS (see fireAuthorizationClaims). */
        authorization: z.string().max(4000).optional(),
      })
      .strict(),
  }),
  z.object({
    name: z.literal('sentimentDecision'),
    args: z.object({ eventId, ret: z.number().int().min(1).max(6) }).strict(),
  }),
  z.object({ name: z.literal('trackTarget'), args: z.object({ eventId }).strict() }),
  z.object({ name: z.literal('siren'), args: z.object({ eventId: eventId.optional() }).strict() }),
]);
export const fleetCommandBody = z.discriminatedUnion('name', [
  z.object({ name: z.literal('fleetStop'), args: noArgs }),
  z.object({ name: z.literal('fleetResume'), args: noArgs }),
]);
const lngLat = { lng: z.number().min(-180).max(180), lat: z.number().min(-90).max(90) };
/**
 * `runTask`'s arguments: the whole task as it is when dispatched, so the robot needs nothing else.
 * `runId` is the run's id (also the `taskId` of the robot's events while it runs); the jobs run in
 * order, each `rounds` times, through its nodes in order, doing the action at the trigger.
 */
export const runTaskArgs = z
  .object({
    runId: z.string().min(1).max(64),
    task: z.object({
      taskId: z.number().int(),
      name: z.string().max(200),
      jobs: z
        .array(
          z.object({
            jobId: z.number().int(),
            name: z.string().max(200),
            rounds: z.number().int().min(1).max(100),
            trigger: z.object({ name: z.string().max(200), type: z.string().max(32) }),
            action: z.object({ name: z.string().max(200), type: z.string().max(32) }),
            speakerData: z.string().max(2000),
            nodes: z
              .array(
                z.object({
                  ...lngLat,
                  mode: z.number().int().min(0).max(2),
                  type: z.number().int().min(0).max(1),
                  guide: z.string().max(500),
                }),
              )
              .min(1)
              .max(1000),
          }),
        )
        .min(1)
        .max(50),
    }),
  })
  .strict();
export type RunTaskArgs = z.infer<typeof runTaskArgs>;
export const taskCommandBody = z.object({ name: z.literal('runTask'), args: runTaskArgs });
export const anyCommandBody = z.union([
  commandBody,
  alarmCommandBody,
  fleetCommandBody,
  taskCommandBody,
  audioCommandBody,
]);
export type AnyCommandBody = z.input<typeof anyCommandBody>;

/** `patrol/{serial}/cmd`, QoS 1. The robot refuses an id it has seen or a command past `expiresAt`. */
export const robotCommand = z.intersection(
  z.object({ id: z.string().min(1).max(64), issuedAt: epochMs, expiresAt: epochMs }),
  anyCommandBody,
);
export type RobotCommand = z.infer<typeof robotCommand>;

/** How long a fire authorisation is valid after the operator allowed it. */
export const FIRE_AUTHORIZATION_TTL_S = 15;
/**
 * The claims of a fire authorisation: a compact JWS (`alg: EdDSA`) signed with the console's key,
 * whose public key (SPKI PEM) the robot gets on its `config` topic (`consoleKey`). The robot fires
 * at most once per `jti`, only for its own serial (`sub`) and a gun event it raised (`alarm`), and
 * refuses it after `exp`.
 */
export const fireAuthorizationClaims = z.object({
  /** The authorisation's id: the robot fires at most once per id. */
  jti: z.string().min(1).max(64),
  /** The robot's serial. */
  sub: z.string().min(1).max(64),
  /** The gun event's id (the robot's message id). */
  alarm: z.string().min(1).max(64),
  /** The operator who allowed it (user id) and their name. */
  op: z.number().int(),
  opName: z.string().max(100),
  iat: z.number().int(),
  exp: z.number().int(),
});
export type FireAuthorizationClaims = z.infer<typeof fireAuthorizationClaims>;

/** Reply codes: 0 is success in both phases. */
export const REPLY_CODES = {
  ok: 0,
  /** sync: the command arrived after its expiry. */
  expired: 1,
  /** sync: this id was seen before. */
  duplicate: 2,
  /** sync: the robot cannot do it now (state, power). */
  rejected: 3,
  /** sync: unknown command or bad arguments. */
  invalid: 4,
  /**
   * sync: a fire authorisation the robot will not act on: its signature does not verify (tampered,
   * or not the console's key), it names another robot or an event the robot did not raise or no
   * longer waits on. The message says which. (Expired: 1; used before: 2.)
   */
  unauthorized: 5,
  /** async: the action started but did not complete. */
  failed: 10,
} as const;

/** `patrol/{serial}/cmd/reply`, QoS 1: `sync` at once, then `async` with the result. */
export const robotCommandReply = z.object({
  id: z.string().min(1).max(64),
  phase: z.enum(['sync', 'async']),
  code: z.number().int().min(0).max(9999),
  message: z.string().max(500).optional(),
  ts: epochMs,
});
export type RobotCommandReply = z.infer<typeof robotCommandReply>;

/**
 * The steps of a run a robot reports: `started` once it sets off, `nodeReached` at each node
 * (`job`, `node`, `round`), `actionDone` when the job's action at a node is done, `roundFinished`
 * after the last node of a round, `paused`/`resumed` on `pauseTask`/`resumeTask`, and one of
 * `finished` or `failed` (with `reason`) at the end.
 */
export const runStepNames = [
  'started',
  'nodeReached',
  'actionDone',
  'roundFinished',
  'paused',
  'resumed',
  'finished',
  'failed',
] as const;
export type RunStepName = (typeof runStepNames)[number];
/** The `reason` a robot gives when `returnToBase` ends its run. */
export const RUN_REASON_RETURNED_TO_BASE = 'returned to base';

/**
 * `patrol/{serial}/run`, QoS 1: a step of the run the robot is running. `job` and `node` are
 * 0-based indexes in the dispatched task, `round` counts from 1. The console stores each `id` once.
 */
export const robotRunReport = z.object({
  id: z.string().min(1).max(64),
  runId: z.string().min(1).max(64),
  ts: epochMs,
  step: z.enum(runStepNames),
  job: z.number().int().min(0).max(999).optional(),
  node: z.number().int().min(0).max(9999).optional(),
  round: z.number().int().min(1).max(1000).optional(),
  reason: z.string().max(500).optional(),
  position: z.object(lngLat).optional(),
});
export type RobotRunReport = z.infer<typeof robotRunReport>;

export const uploadKinds = ['image', 'video', 'audio', 'log', 'data'] as const;
/** `patrol/{serial}/upload`, QoS 1: a record of data the robot uploaded (files go to storage by URL). */
export const robotUpload = z.object({
  id: z.string().min(1).max(64),
  ts: epochMs,
  kind: z.enum(uploadKinds),
  name: z.string().min(1).max(200),
  size: z.number().int().nonnegative(),
  url: z.string().max(2000).optional(),
  data: z.record(z.string().max(64), z.unknown()).optional(),
});
export type RobotUpload = z.infer<typeof robotUpload>;

/** The map's default centre (WGS84 lat, lng), where the seed's map opens and the simulator patrols. */
export const DEFAULT_MAP_CENTER: readonly [number, number] = [22.5431, 114.0579];

/**
 * `patrol/{serial}/config`, QoS 1, retained: settings the console pushes to the robot. `multicast`
 * is the robot's multicast config, or null when it has none (or it was disabled or removed).
 */
export const robotConfig = z.object({
  ts: epochMs,
  /**
   * The robot's station and the fences it must obey (WGS84 `[lng, lat]` open rings, top layer
   * first): keep out of `forbidden`, stay inside `patrol` when there is one, slow down in
   * `slow` (`SLOW_ZONE_FACTOR`). Where fences overlap, the higher priority rules. Absent: no station.
   */
  station: z
    .object({
      stationId: z.number().int(),
      name: z.string(),
      area: z.array(z.tuple([z.number(), z.number()])),
    })
    .nullable()
    .optional(),
  fences: z
    .array(
      z.object({
        fenceId: z.number().int(),
        name: z.string(),
        kind: z.enum(['forbidden', 'patrol', 'slow']),
        priority: z.number().int(),
        points: z.array(z.tuple([z.number(), z.number()])),
      }),
    )
    .optional(),
  /** The console's public key (Ed25519, SPKI PEM), which signs fire authorisations. */
  consoleKey: z.string().max(1000).optional(),
  multicast: z
    .object({
      name: z.string(),
      ip: z.string(),
      telecontrolPort: z.number().int(),
      telemetryPort: z.number().int(),
      videoPort: z.number().int(),
    })
    .nullable(),
});
export type RobotConfig = z.infer<typeof robotConfig>;

/**
 * What a robot signs (Ed25519, deterministic) to get its static MQTT password on a broker that
 * takes only static passwords (Mosquitto's dynamic security): base64url of the signature of this
 * text. The console computes it once, at registration or rotation, while it still has the key.
 */
export const derivedPasswordText = (serial: string, keyVersion: number) => `patrol-mqtt:${serial}:${keyVersion}`;
