import { useSyncExternalStore } from 'react';
import { readItem, STORAGE_KEYS, writeItem } from '@/shared/storage';

const listeners = new Set<() => void>();

/** Whether a new alarm beeps: on unless the person turned it off (kept in this browser). */
export function isAlarmSoundOn(): boolean {
  return readItem(STORAGE_KEYS.alarmSound) !== '0';
}

export function setAlarmSoundOn(on: boolean): void {
  writeItem(STORAGE_KEYS.alarmSound, on ? '1' : '0');
  for (const listener of [...listeners]) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The sound setting and its switch, shared by every popup. */
export function useAlarmSound(): [boolean, (on: boolean) => void] {
  return [useSyncExternalStore(subscribe, isAlarmSoundOn, isAlarmSoundOn), setAlarmSoundOn];
}

type AudioContextClass = typeof AudioContext;
let context: AudioContext | null = null;

/**
 * A short two-tone beep made with the Web Audio API (no sound file to ship). The browser may hold
 * the sound back until the page has had a click or a key press; the popup shows all the same.
 */
export function beep(): void {
  const Context: AudioContextClass | undefined =
    window.AudioContext ?? (window as unknown as { webkitAudioContext?: AudioContextClass }).webkitAudioContext;
  if (!Context) return;
  try {
    context ??= new Context();
    if (context.state === 'suspended') void context.resume().catch(() => undefined);
    const start = context.currentTime;
    const gain = context.createGain();
    gain.connect(context.destination);
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(0.2, start + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.45);
    const tones = [880, 660];
    tones.forEach((frequency, i) => {
      const oscillator = context!.createOscillator();
      oscillator.type = 'sine';
      oscillator.frequency.setValueAtTime(frequency, start + i * 0.2);
      oscillator.connect(gain);
      oscillator.start(start + i * 0.2);
      oscillator.stop(start + i * 0.2 + 0.2);
    });
  } catch {
    // No audio output: the popup and the announcement remain.
  }
}

/** Forgets the audio context (tests make a fresh one per case). */
export function resetBeep(): void {
  context = null;
}
