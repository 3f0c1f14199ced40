import { App, Switch } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

type Props = {
  /** 1 enabled, 0 disabled. */
  status: number;
  /** What is being switched, e.g. the user's account; shown in the question. */
  name: string;
  /** Sends the change and refreshes the list; a failure is reported by the query client. */
  onChange: (next: 0 | 1) => Promise<unknown>;
  disabled?: boolean;
};

/** An enabled/disabled switch that asks before it changes anything (spec section 4). */
export function StatusSwitch({ status, name, onChange, disabled }: Props) {
  const { t } = useTranslation('common');
  const { modal, message } = App.useApp();
  const change = useMutation({
    mutationFn: (next: 0 | 1) => onChange(next),
    onSuccess: (_, next) => message.success(t(next ? 'list.enabledDone' : 'list.disabledDone')),
  });
  const enabled = status === 1;
  const handleClick = () => {
    const next = enabled ? 0 : 1;
    modal.confirm({
      title: t(next ? 'list.enableTitle' : 'list.disableTitle'),
      content: t(next ? 'list.enableConfirm' : 'list.disableConfirm', { name }),
      okButtonProps: next ? {} : { danger: true },
      onOk: () => change.mutateAsync(next).catch(() => undefined),
    });
  };
  return (
    <Switch
      checked={enabled}
      loading={change.isPending}
      disabled={disabled}
      checkedChildren={t('list.enabled')}
      unCheckedChildren={t('list.disabled')}
      onClick={handleClick}
      aria-label={name}
    />
  );
}
