import type { AlarmKind, AlarmMute } from '@patrol/contracts';
import { readItem, removeItem, STORAGE_KEYS, writeItem } from '@/shared/storage';

/** Where each kind's mute-until time is kept in the browser (spec section 3). */
export const MUTE_STORAGE_KEY: Record<AlarmKind, string> = {
  gun: STORAGE_KEYS.warningMuteUntil,
  sentiment: STORAGE_KEYS.sentimentMuteUntil,
};

const listeners = new Set<() => void>();

function readUntil(kind: AlarmKind): number | null {
  const value = Number(readItem(MUTE_STORAGE_KEY[kind]));
  return Number.isFinite(value) && value > 0 ? value : null;
}

/** The mute-until times kept in this browser (epoch ms, null when not muted). */
export function readMute(): AlarmMute {
  return { warningMuteUntil: readUntil('gun'), sentimentMuteUntil: readUntil('sentiment') };
}

/**
 * Keeps the server's mute-until times (its answer to a mute, its snapshot after subscribing, the
 * `alarmMute` push of another tab) in the browser, where the popups read them.
 */
export function storeMute(mute: AlarmMute): void {
  const entries: [AlarmKind, number | null][] = [
    ['gun', mute.warningMuteUntil],
    ['sentiment', mute.sentimentMuteUntil],
  ];
  for (const [kind, until] of entries) {
    if (until) writeItem(MUTE_STORAGE_KEY[kind], String(until));
    else removeItem(MUTE_STORAGE_KEY[kind]);
  }
  for (const listener of [...listeners]) listener();
}

/** Whether popups of `kind` are muted at `now`. */
export function isMuted(kind: AlarmKind, now = Date.now()): boolean {
  const until = readUntil(kind);
  return until !== null && now < until;
}
