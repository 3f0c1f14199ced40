import type { TFunction } from 'i18next';
import type { CommandRecord } from '@patrol/contracts';
import { REPLY_CODES } from '@patrol/contracts';

/** A command's arguments in words: "on", "left front"… */
export function argsText(record: Pick<CommandRecord, 'name' | 'args'>, t: TFunction<'commands'>): string {
  if (record.name === 'lights') return t(record.args.on ? 'control.on' : 'control.off');
  if (record.name === 'netGunFire')
    return t(`control.sides.${record.args.side === 'rightRear' ? 'rightRear' : 'leftFront'}`);
  return '';
}

const CODE_KEYS = {
  [REPLY_CODES.ok]: 'ok',
  [REPLY_CODES.expired]: 'expired',
  [REPLY_CODES.duplicate]: 'duplicate',
  [REPLY_CODES.rejected]: 'rejected',
  [REPLY_CODES.invalid]: 'invalid',
  [REPLY_CODES.failed]: 'failed',
} as const;

/** What a reply code means, or null for a code the protocol does not name. */
export function codeMeaning(code: number | null, t: TFunction<'commands'>): string | null {
  if (code === null) return null;
  const key = CODE_KEYS[code as keyof typeof CODE_KEYS];
  return key ? t(`records.codes.${key}`) : null;
}
