import { useState } from 'react';
import { App, Button } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { downloadXlsx, type Query } from '../api';

type Props = {
  /** The export endpoint, e.g. `system-server/user/export`. */
  path: string;
  /** Saved as `<fileName>.xlsx`. */
  fileName: string;
  /** The list's current filters, so the file holds what the table shows. */
  query?: Query;
  /** Sent as the `tenant-id` header instead of the stored one. */
  tenantId?: number;
};

/** Downloads the list as a spreadsheet; failures are shown by the api client. */
export function ExportButton({ path, fileName, query, tenantId }: Props) {
  const { t } = useTranslation('common');
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const handleClick = async () => {
    setBusy(true);
    try {
      await downloadXlsx(path, fileName, { query, ...(tenantId === undefined ? {} : { tenantId }) });
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
