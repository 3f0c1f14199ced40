import { App, Button } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

type Props = {
  /**
   * Downloads the file: the area's export call (e.g. `exportUsers(list.filters, title)`), with the
   * list's current filters so the file holds what the table shows.
   */
  onExport: () => Promise<void>;
};

/** Downloads the list as a spreadsheet; a failure is reported by the query client. */
export function ExportButton({ onExport }: Props) {
  const { t } = useTranslation('common');
  const { message } = App.useApp();
  const exporting = useMutation({
    mutationFn: () => onExport(),
    onSuccess: () => message.success(t('list.exported')),
  });
  return (
    <Button icon={<DownloadOutlined />} loading={exporting.isPending} onClick={() => exporting.mutate()}>
      {t('list.export')}
    </Button>
  );
}
