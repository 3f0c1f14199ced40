import { useId, useState } from 'react';
import { Button, Flex, Input, Radio, Typography } from 'antd';
import { MUTE_CHOICES_S, muteSeconds } from '@patrol/contracts';
import { useTranslation } from 'react-i18next';

type Choice = (typeof MUTE_CHOICES_S)[number] | 'custom';

/**
 * Why a mute cannot be applied (a key of the contracts' messages), or the seconds it mutes for.
 * Spec section 5: a choice of 30, 60, 90 or 120 seconds, or a custom time that must be present
 * and greater than 0; the custom time is checked by the contract's `muteSeconds`.
 */
export function readMuteChoice(choice: Choice | null, custom: string): { seconds: number } | { error: string } {
  const text = custom.trim();
  if (choice === null && !text) return { error: 'alarms.muteSelectOrEnter' };
  if (choice !== null && choice !== 'custom') return { seconds: choice };
  if (!text) return { error: 'alarms.muteEnterTime' };
  const parsed = muteSeconds.safeParse(Number(text));
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? 'alarms.muteInvalid' };
  return { seconds: parsed.data };
}

type Props = {
  /** Mutes for this many seconds; the popup closes when it resolves. */
  onMute: (seconds: number) => Promise<unknown>;
  onCancel: () => void;
};

/** The mute choices of a popup, in place (no layer over the popup): 30, 60, 90, 120 s or custom. */
export function MuteControl({ onMute, onCancel }: Props) {
  const { t } = useTranslation('alarms');
  const { t: tm } = useTranslation('messages');
  const id = useId();
  const [choice, setChoice] = useState<Choice | null>(null);
  const [custom, setCustom] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const handleConfirm = () => {
    const result = readMuteChoice(choice, custom);
    if ('error' in result) {
      setError(result.error);
      return;
    }
    setError(null);
    setPending(true);
    onMute(result.seconds)
      .catch(() => undefined)
      .finally(() => setPending(false));
  };

  return (
    <Flex vertical gap={8} className="alarm-popup__mute" role="group" aria-labelledby={`${id}-label`}>
      <Typography.Text strong id={`${id}-label`}>
        {t('mute.title')}
      </Typography.Text>
      <Radio.Group
        value={choice}
        onChange={(e) => {
          setChoice(e.target.value as Choice);
          setError(null);
        }}
        options={[
          ...MUTE_CHOICES_S.map((s) => ({ value: s, label: t('mute.seconds', { count: s }) })),
          { value: 'custom', label: t('mute.custom') },
        ]}
      />
      <Flex gap={8} align="center">
        <Input
          aria-label={t('mute.customLabel')}
          inputMode="numeric"
          placeholder={t('mute.customPlaceholder')}
          suffix={t('mute.unit')}
          value={custom}
          status={error ? 'error' : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => {
            setCustom(e.target.value);
            setChoice('custom');
            setError(null);
          }}
          onPressEnter={handleConfirm}
          style={{ width: 150 }}
        />
        <Button type="primary" size="small" loading={pending} onClick={handleConfirm}>
          {t('mute.confirm')}
        </Button>
        <Button size="small" onClick={onCancel}>
          {t('mute.cancel')}
        </Button>
      </Flex>
      {error ? (
        <Typography.Text type="danger" id={`${id}-error`} role="alert">
          {tm(error as 'alarms.muteInvalid')}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}
