import { Alert, App, Button, Input, Modal, Space } from 'antd';
import { CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import type { RobotKeyResponse } from '@patrol/contracts';
import { useTranslation } from 'react-i18next';
import { saveText } from '@/shared/api';

/**
 * The robot's new private key, shown this one time: the server does not keep it. It goes onto the
 * robot, which signs its connection token with it.
 */
export function PrivateKeyModal({ keys, onClose }: { keys: RobotKeyResponse | null; onClose: () => void }) {
  const { t } = useTranslation('robots');
  const { message } = App.useApp();
  const fileName = keys ? `${keys.robot.serialNumber}.key.pem` : '';
  return (
    <Modal
      open={!!keys}
      title={t('key.title', { name: keys?.robot.name ?? '' })}
      onCancel={onClose}
      width={640}
      footer={
        <Space>
          <Button
            icon={<CopyOutlined />}
            onClick={() =>
              void navigator.clipboard?.writeText(keys!.privateKey).then(() => message.success(t('key.copied')))
            }
          >
            {t('key.copy')}
          </Button>
          <Button
            type="primary"
            icon={<DownloadOutlined />}
            onClick={() => saveText(keys!.privateKey, fileName, 'application/x-pem-file')}
          >
            {t('key.download', { file: fileName })}
          </Button>
          <Button onClick={onClose}>{t('key.close')}</Button>
        </Space>
      }
    >
      <Alert type="warning" showIcon title={t('key.once')} style={{ marginBottom: 12 }} />
      <Input.TextArea
        aria-label={t('key.label')}
        readOnly
        value={keys?.privateKey}
        autoSize={{ minRows: 4, maxRows: 8 }}
        style={{ fontFamily: 'monospace', fontSize: 12 }}
      />
      <p style={{ marginTop: 12, marginBottom: 0 }}>{t('key.usage', { version: keys?.robot.keyVersion ?? 1 })}</p>
    </Modal>
  );
}
