import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * A robot's presence, online or offline, as a tag; unknown while the server has lost its broker
 * (`online` is then only the last presence known).
 */
export function PresenceTag({ online, unknown = false }: { online: boolean; unknown?: boolean | undefined }) {
  const { t } = useTranslation();
  if (unknown) {
    return (
      <Tag color="warning" data-presence="unknown">
        {t('robotPresence.unknown')}
      </Tag>
    );
  }
  return (
    <Tag color={online ? 'success' : 'default'} data-online={online}>
      {t(online ? 'robotPresence.online' : 'robotPresence.offline')}
    </Tag>
  );
}

/** A robot out of service while an open work order has it stopped for repair; nothing otherwise. */
export function StoppedForRepairTag({ stopped }: { stopped: boolean }) {
  const { t } = useTranslation();
  if (!stopped) return null;
  return (
    <Tag color="error" data-stopped-for-repair="true">
      {t('robotPresence.stoppedForRepair')}
    </Tag>
  );
}
