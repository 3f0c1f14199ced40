import { useState } from 'react';
import { App, Button } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

type Props = {
  /**
   * Downloads the file: the area's export call (e.g. `exportUsers(list.filters, title)`), with the
   * list's current filters so the file holds what the table shows.
   */
  onExport: () => Promise<void>;
};

/** Downloads the list as a spreadsheet; failures are shown by the api client. */
export function ExportButton({ onExport }: Props) {
  const { t } = useTranslation('common');
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const handleClick = async () => {
    setBusy(true);
    try {
      await onExport();
      message.success(t('list.exported'));
    } catch {
      // Shown by the api client.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<DownloadOutlined />} loading={busy} onClick={handleClick}>
      {t('list.export')}
    </Button>
  );
}
