export {
  SimRobot,
  ACTION_MS,
  SYNC_DELAY_MS,
  GUN_REQUEST_PENDING_MS,
  FIRE_AUTHORIZATION_SKEW_S,
  type SimRobotOptions,
  type PointCloudUploadOptions,
  type PointCloudUploadResult,
  type AlarmKind,
  type FireRecord,
  fenceRuleAt,
  type FenceRule,
  type SimFence,
} from './robot.js';
export { alarmImage, encodePng, ALARM_IMAGE_WIDTH, ALARM_IMAGE_HEIGHT, type AlarmImageOptions } from './alarm-image.js';
export { startFleet, type Fleet, type FleetOptions } from './fleet.js';
export {
  SimCamera,
  resolveFfmpeg,
  ingestUrls,
  ffmpegArgs,
  CAMERA_RESTART_MIN_MS,
  CAMERA_RESTART_MAX_MS,
  CAMERA_MAX_LAG_MS,
  type SimCameraOptions,
} from './camera.js';
export { CameraFramePainter, clockText, CAMERA_FRAME_WIDTH, CAMERA_FRAME_HEIGHT } from './camera-frame.js';
export { makeRoute, advance, advanceAlong, insideArea, offset, type LatLng, type Route } from './route.js';
export { ConsoleApi } from './console-api.js';
export {
  SITE_PLAN_SOURCE,
  sitePlanBaseLayer,
  sitePlanCorners,
  sitePlanSvg,
  withSitePlan,
  writeSitePlan,
} from './site-map.js';
export { SimVoice, CLICK_QUIET_MS, type SimVoiceOptions, type VoiceStats } from './voice.js';
export { SimAudioPlayer, AudioPlayError, DEFAULT_AUDIO_VOLUME, type SimAudioPlayerOptions } from './audio-player.js';
export { ALAW_TO_LINEAR, alawDecode, alawEncode, alawEncodeSample, rmsDbfs } from './pcma.js';
export { generateScan, scanPcd, DEFAULT_SCAN_POINTS, MAX_SCAN_POINTS } from './point-cloud.js';
