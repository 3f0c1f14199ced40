import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** A robot's presence, online or offline, as a tag. */
export function PresenceTag({ online }: { online: boolean }) {
  const { t } = useTranslation();
  return (
    <Tag color={online ? 'success' : 'default'} data-online={online}>
      {t(online ? 'robotPresence.online' : 'robotPresence.offline')}
    </Tag>
  );
}
