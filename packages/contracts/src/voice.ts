import { z } from 'zod';
import { pageOf, pageQuery } from './envelope.js';
import { idValue, INT4_MAX, keywordFilter, rowId, timeFilterOf } from './fields.js';
import { sortQuery } from './sorting.js';

/**
 * Voice (docs/voice.md): live announcements from an operator's microphone to a robot's loudspeaker
 * over WebRTC (PCMA, mono, 20 ms packets), and MP3 files the console keeps and robots play.
 */

// ---------------------------------------------------------------------------------------------
// Audio files
// ---------------------------------------------------------------------------------------------

/** The largest audio file the console takes (spec: at most 50 MB), in bytes. */
export const AUDIO_FILE_MAX_BYTES = 50 * 1024 * 1024;
/** The longest name of an audio file. */
export const AUDIO_FILE_NAME_MAX = 100;
/** The only type of audio file the console takes (spec: MP3 only), told by its content. */
export const AUDIO_FILE_TYPE = 'audio/mpeg';
/** How long a signed audio URL (a robot's download, the browser's preview) works, from its issue. */
export const AUDIO_URL_TTL_MS = 10 * 60 * 1000;
/** The audience of a signed audio URL's token. */
export const AUDIO_TOKEN_AUDIENCE = 'patrol-audio';

/** A file's name: trimmed, 1 to AUDIO_FILE_NAME_MAX characters, no path separators. */
export const audioFileName = z
  .string({ error: 'voice.nameRequired' })
  .trim()
  .min(1, 'voice.nameRequired')
  .max(AUDIO_FILE_NAME_MAX, 'voice.nameTooLong')
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  .refine((name) => !/[/\\\u0000-\u001f]/.test(name), 'voice.nameInvalid');

/** One audio file of the tenant (`/voice/MusicUpload`). */
export const audioFileRow = z.object({
  fileId: z.number().int(),
  name: z.string(),
  /** Its length, read from its MPEG frames. */
  durationMs: z.number().int(),
  /** Average bitrate, kbit/s. */
  bitrate: z.number().int(),
  sampleRate: z.number().int(),
  /** Bytes. */
  size: z.number().int(),
  /** SHA-256 of the content, lower-case hex: one file per content per tenant. */
  sha256: z.string(),
  uploaderName: z.string().nullable(),
  uploadTime: z.string(),
});
export type AudioFileRow = z.infer<typeof audioFileRow>;
export const audioFilePage = pageOf(audioFileRow);

export const AUDIO_FILE_SORT_COLUMNS = ['uploadTime', 'name', 'durationMs', 'size'] as const;
/** `GET /voice/files`. */
export const audioFilePageQuery = pageQuery.extend({
  ...sortQuery(AUDIO_FILE_SORT_COLUMNS),
  keyword: keywordFilter,
});

/**
 * `POST /voice/files/upload` (multipart, one part `file`; the name is the part's file name unless a
 * `name` field is given). Same content as a file the tenant has: that file, with `existing: true`.
 */
export const audioUploadResult = z.object({ file: audioFileRow, existing: z.boolean() });
export type AudioUploadResult = z.infer<typeof audioUploadResult>;

export const audioFileIdRequest = z.object({ fileId: idValue });
export const renameAudioFileRequest = z.object({ fileId: idValue, name: audioFileName });
export type RenameAudioFileRequest = z.input<typeof renameAudioFileRequest>;
export const audioFileQuery = z.object({ fileId: rowId });

/** A signed URL of a file's content (preview in the browser, download by a robot). */
export const audioFileUrl = z.object({ url: z.string(), expiresAt: z.number() });
export type AudioFileUrl = z.infer<typeof audioFileUrl>;

// ---------------------------------------------------------------------------------------------
// Playback on robots
// ---------------------------------------------------------------------------------------------

/** Spec: shuffle, sequence, single loop. */
export const audioPlayModes = ['shuffle', 'sequence', 'singleLoop'] as const;
export type AudioPlayMode = (typeof audioPlayModes)[number];
/** What a robot's player is doing. */
export const audioPlayerStates = ['idle', 'playing', 'paused'] as const;
export type AudioPlayerState = (typeof audioPlayerStates)[number];
/** Files in one playlist. */
export const AUDIO_PLAYLIST_MAX = 50;
/** Robots one playback request reaches. */
export const AUDIO_PLAYBACK_ROBOTS_MAX = 100;
export const AUDIO_VOLUME_MAX = 100;
const volume = z
  .number({ error: 'voice.volumeInvalid' })
  .int('voice.volumeInvalid')
  .min(0, 'voice.volumeInvalid')
  .max(AUDIO_VOLUME_MAX, 'voice.volumeInvalid');

/**
 * A robot's audio, in its telemetry (`state.audio`): volume, mute, play mode, the player's state,
 * the track it is on and where, and whether a live announcement holds its loudspeaker.
 */
export const robotAudioState = z.object({
  volume,
  muted: z.boolean(),
  mode: z.enum(audioPlayModes),
  state: z.enum(audioPlayerStates),
  /** The playlist's files, in the order given. */
  playlist: z.array(z.number().int().min(1).max(INT4_MAX)).max(AUDIO_PLAYLIST_MAX),
  current: z
    .object({
      fileId: z.number().int().min(1).max(INT4_MAX),
      name: z.string().max(AUDIO_FILE_NAME_MAX),
      positionMs: z.number().int().min(0),
      durationMs: z.number().int().min(0),
    })
    .nullable(),
  announcing: z.boolean(),
});
export type RobotAudioState = z.infer<typeof robotAudioState>;

/** One file of a playlist as the robot gets it: where to download it (signed, AUDIO_URL_TTL_MS). */
export const audioTrack = z.object({
  fileId: z.number().int().min(1).max(INT4_MAX),
  name: z.string().max(AUDIO_FILE_NAME_MAX),
  url: z.string().max(2000),
  sha256: z.string().length(64),
  durationMs: z.number().int().min(0),
  size: z.number().int().min(0),
});
export type AudioTrack = z.infer<typeof audioTrack>;

/** The audio commands a robot receives (`patrol/{serial}/cmd`). `audioPlay` on a paused player starts over. */
export const audioCommandNames = [
  'audioPlay',
  'audioPause',
  'audioResume',
  'audioStop',
  'audioNext',
  'audioPrevious',
  'audioVolume',
  'audioMute',
  'audioMode',
] as const;
export type AudioCommandName = (typeof audioCommandNames)[number];
const none = z.object({}).strict().default({});
export const audioCommandBody = z.discriminatedUnion('name', [
  z.object({
    name: z.literal('audioPlay'),
    args: z
      .object({
        tracks: z.array(audioTrack).min(1).max(AUDIO_PLAYLIST_MAX),
        mode: z.enum(audioPlayModes),
      })
      .strict(),
  }),
  z.object({ name: z.literal('audioPause'), args: none }),
  z.object({ name: z.literal('audioResume'), args: none }),
  z.object({ name: z.literal('audioStop'), args: none }),
  z.object({ name: z.literal('audioNext'), args: none }),
  z.object({ name: z.literal('audioPrevious'), args: none }),
  z.object({ name: z.literal('audioVolume'), args: z.object({ volume }).strict() }),
  z.object({ name: z.literal('audioMute'), args: z.object({ muted: z.boolean() }).strict() }),
  z.object({ name: z.literal('audioMode'), args: z.object({ mode: z.enum(audioPlayModes) }).strict() }),
]);
export type AudioCommandBody = z.input<typeof audioCommandBody>;

/** What the playback page asks of robots (`/voice/MusicPlayback`, `/voice/audioProperties`). */
export const playbackActions = [
  'play',
  'pause',
  'resume',
  'stop',
  'next',
  'previous',
  'volume',
  'mute',
  'mode',
] as const;
export type PlaybackAction = (typeof playbackActions)[number];

/**
 * `POST /voice/playback`: one action on one or more robots, each sent as a robot command and
 * followed to its replies. `play` needs `fileIds` (the playlist, in order) and `mode`; `volume`
 * needs `volume`; `mute` needs `muted`; `mode` needs `mode`. A robot in a live announcement is
 * refused unless `stopAnnouncement` (the operator confirmed ending it).
 */
export const playbackRequest = z
  .object({
    robotIds: z
      .array(idValue)
      .min(1, 'voice.chooseRobots')
      .max(AUDIO_PLAYBACK_ROBOTS_MAX, 'validation.invalid')
      .refine((ids) => new Set(ids).size === ids.length, 'validation.invalid'),
    action: z.enum(playbackActions, { error: 'validation.invalid' }),
    fileIds: z.array(idValue).max(AUDIO_PLAYLIST_MAX, 'voice.playlistTooLong').optional(),
    mode: z.enum(audioPlayModes, { error: 'voice.modeRequired' }).optional(),
    volume: volume.optional(),
    muted: z.boolean().optional(),
    stopAnnouncement: z.boolean().optional(),
  })
  .superRefine((req, ctx) => {
    if (req.action === 'play' && !req.fileIds?.length)
      ctx.addIssue({ code: 'custom', path: ['fileIds'], message: 'voice.choosePlaylist' });
    if ((req.action === 'play' || req.action === 'mode') && !req.mode)
      ctx.addIssue({ code: 'custom', path: ['mode'], message: 'voice.modeRequired' });
    if (req.action === 'volume' && req.volume === undefined)
      ctx.addIssue({ code: 'custom', path: ['volume'], message: 'voice.volumeInvalid' });
    if (req.action === 'mute' && req.muted === undefined)
      ctx.addIssue({ code: 'custom', path: ['muted'], message: 'validation.required' });
  });
export type PlaybackRequest = z.input<typeof playbackRequest>;

/** Per robot: the command sent (its record id and wire id, followed on the `robots` socket topic) or why not. */
export const playbackOutcome = z.object({
  robotId: z.number().int(),
  robotName: z.string(),
  /** The command's record (`command` socket messages carry its progress), when one was sent. */
  recordId: z.number().int().nullable(),
  commandId: z.string().nullable(),
  /** Why nothing was sent to this robot (localised), when nothing was. */
  error: z.string().nullable(),
});
export type PlaybackOutcome = z.infer<typeof playbackOutcome>;
export const playbackResult = z.object({ outcomes: z.array(playbackOutcome) });
export type PlaybackResult = z.infer<typeof playbackResult>;

// ---------------------------------------------------------------------------------------------
// Live announcement (`/voice/intercom`)
// ---------------------------------------------------------------------------------------------

/** Spec section 9: G.711 A-law, mono, 8 kHz, 20 ms packets. */
export const VOICE_CODEC = {
  mimeType: 'audio/PCMA',
  clockRate: 8000,
  channels: 1,
  payloadType: 8,
  ptimeMs: 20,
} as const;
/** A session not bound to a console socket by its offer within this time ends. */
export const VOICE_OFFER_TIMEOUT_MS = 20_000;
/** The robot's answer to an offer must arrive within this time, or the exchange failed. */
export const VOICE_ANSWER_TIMEOUT_MS = 10_000;
/** Instances refresh the sessions of their sockets this often; one not refreshed for 3 × this is over. */
export const VOICE_HEARTBEAT_MS = 10_000;
/** Robots report what they hear about this often while a session lasts. */
export const VOICE_LEVEL_INTERVAL_MS = 1_000;
/** The largest SDP the console relays, in characters. */
export const VOICE_SDP_MAX = 12_000;
/** A session's id: a UUID. */
export const voiceSessionId = z.string().uuid();

/** The states the intercom page shows (spec section 4). */
export const voiceStates = ['checkingDevice', 'preparing', 'waitingConnection', 'inProgress', 'ended'] as const;
export type VoiceState = (typeof voiceStates)[number];

/** Why an announcement ended. */
export const voiceEndReasons = [
  /** The operator ended it. */
  'ended',
  /** The operator's page closed or its socket dropped (or its instance stopped). */
  'closed',
  /** The robot went offline or hung up. */
  'robot',
  /** Another operator started audio playback on the robot and confirmed ending the announcement. */
  'audio',
  /** The offer/answer exchange or ICE failed. */
  'failed',
] as const;
export type VoiceEndReason = (typeof voiceEndReasons)[number];

/** A STUN or TURN server (config `VOICE_ICE_SERVERS`), as RTCPeerConnection takes it. */
export const iceServer = z.object({
  urls: z.union([z.string().max(500), z.array(z.string().max(500)).max(10)]),
  username: z.string().max(200).optional(),
  credential: z.string().max(500).optional(),
});
export type IceServer = z.infer<typeof iceServer>;

/**
 * `POST /voice/intercom/start`: take the robot's announcement. Refused (409) while the robot is
 * offline, while another operator holds it ("in use by <name>"), and while audio plays on it unless
 * `stopAudio` (the operator confirmed stopping it; the console then sends `audioStop` first).
 */
export const voiceStartRequest = z.object({ robotId: idValue, stopAudio: z.boolean().optional() });
export type VoiceStartRequest = z.input<typeof voiceStartRequest>;
export const voiceSession = z.object({
  sessionId: z.string(),
  robotId: z.number().int(),
  robotName: z.string(),
  serialNumber: z.string(),
  iceServers: z.array(iceServer),
  startTime: z.string(),
});
export type VoiceSession = z.infer<typeof voiceSession>;
export const voiceEndRequest = z.object({ sessionId: voiceSessionId });

/** `GET /voice/intercom/holder?robotId=`: who holds the robot's announcement now, if anyone. */
export const voiceHolderQuery = z.object({ robotId: rowId });
export const voiceHolder = z.object({
  holder: z.object({ userId: z.number().int(), name: z.string(), since: z.string() }).nullable(),
});
export type VoiceHolder = z.infer<typeof voiceHolder>;

/** One announcement on record (who, which robot, start, end). */
export const announcementRow = z.object({
  sessionId: z.string(),
  robotId: z.number().int(),
  robotName: z.string(),
  serialNumber: z.string(),
  operatorName: z.string(),
  startTime: z.string(),
  /** When the robot's audio connected; null if it never did. */
  connectedTime: z.string().nullable(),
  endTime: z.string().nullable(),
  endReason: z.enum(voiceEndReasons).nullable(),
});
export type AnnouncementRow = z.infer<typeof announcementRow>;
export const announcementPage = pageOf(announcementRow);
export const ANNOUNCEMENT_SORT_COLUMNS = ['startTime'] as const;
const timeFilter = timeFilterOf();
export const announcementPageQuery = pageQuery.extend({
  ...sortQuery(ANNOUNCEMENT_SORT_COLUMNS),
  robotId: rowId.optional(),
  startTime: timeFilter,
  endTime: timeFilter,
});

/**
 * What the console socket carries for a session, to the operator's consoles (`voice` server
 * message): the robot's `answer` (SDP), `connected` when its audio flows, `level` reports (what
 * the robot hears: RMS in dBFS over the last second and packets so far), and `ended` with why.
 */
export const voiceSignal = z.discriminatedUnion('event', [
  z.object({ sessionId: z.string(), event: z.literal('answer'), sdp: z.string().max(VOICE_SDP_MAX) }),
  z.object({ sessionId: z.string(), event: z.literal('connected') }),
  z.object({
    sessionId: z.string(),
    event: z.literal('level'),
    level: z.number().min(-200).max(0),
    packets: z.number().int().min(0),
  }),
  z.object({
    sessionId: z.string(),
    event: z.literal('ended'),
    reason: z.enum(voiceEndReasons),
    /** Localised detail (e.g. the robot's own words when the exchange failed). */
    message: z.string().max(500).optional(),
  }),
]);
export type VoiceSignal = z.infer<typeof voiceSignal>;

// ---------------------------------------------------------------------------------------------
// On the wire to the robot (docs/robot-protocol.md)
// ---------------------------------------------------------------------------------------------

/**
 * `patrol/{serial}/voice`, QoS 1, from the console: an `offer` (full SDP, ICE gathered; the robot
 * answers with full SDP too, no trickle) with the ICE servers to use, or `hangup`.
 */
export const robotVoiceRequest = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('offer'),
    sessionId: z.string().max(64),
    sdp: z.string().max(VOICE_SDP_MAX),
    iceServers: z.array(iceServer).max(10),
    /** The operator's name, for the robot's own log. */
    operatorName: z.string().max(100),
    ts: z.number().int().nonnegative(),
  }),
  z.object({
    type: z.literal('hangup'),
    sessionId: z.string().max(64),
    reason: z.enum(voiceEndReasons),
    ts: z.number().int().nonnegative(),
  }),
]);
export type RobotVoiceRequest = z.infer<typeof robotVoiceRequest>;

/**
 * `patrol/{serial}/voice/reply`, from the robot: its `answer`, `connected` once audio flows,
 * `level` about every second, `hangup` when it ends the call itself, `error` when it cannot take
 * the offer (the message says why).
 */
export const robotVoiceReply = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('answer'),
    sessionId: z.string().max(64),
    sdp: z.string().max(VOICE_SDP_MAX),
    ts: z.number().int(),
  }),
  z.object({ type: z.literal('connected'), sessionId: z.string().max(64), ts: z.number().int() }),
  z.object({
    type: z.literal('level'),
    sessionId: z.string().max(64),
    level: z.number().min(-200).max(0),
    packets: z.number().int().min(0),
    ts: z.number().int(),
  }),
  z.object({ type: z.literal('hangup'), sessionId: z.string().max(64), ts: z.number().int() }),
  z.object({
    type: z.literal('error'),
    sessionId: z.string().max(64),
    message: z.string().max(500),
    ts: z.number().int(),
  }),
]);
export type RobotVoiceReply = z.infer<typeof robotVoiceReply>;
