import { Button, Form, Input, Typography } from 'antd';
import { updateConfigRequest, type ConfigRow, type UpdateConfigRequest } from '@patrol/contracts';
import { useTranslation } from 'react-i18next';
import { ContractField } from '@/shared/form/contract-field';
import { FormModal, type FormDialog } from '@/shared/list';
import { refreshConfigs, updateConfig } from '../api/configs-api';

const isJsonKey = (key: string) => key === 'leafletConfig';

/** Pretty JSON when the text is JSON; the text as it is otherwise. */
function pretty(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

const DESCRIPTIONS = {
  msgSocketUrl: 'descriptions.msgSocketUrl',
  leafletConfig: 'descriptions.leafletConfig',
  defaultMapUrl: 'descriptions.defaultMapUrl',
  '3dDashboardUrl': 'descriptions.dashboard3d',
} as const;

type Props = { dialog: FormDialog<ConfigRow>; onSaved: () => void };

/** Edits one setting; the key's rule (JSON for leafletConfig, URLs for the others) runs on both sides. */
export function ConfigFormModal({ dialog, onSaved }: Props) {
  const { open, record: config, close: onClose } = dialog;
  const { t } = useTranslation('configs');
  const [form] = Form.useForm<UpdateConfigRequest>();
  const json = !!config && isJsonKey(config.configKey);
  const describe = (row: ConfigRow) => {
    const key = DESCRIPTIONS[row.configKey as keyof typeof DESCRIPTIONS];
    return key ? t(key) : row.description;
  };
  const handleSubmit = async (values: UpdateConfigRequest) => {
    await updateConfig(values);
    await refreshConfigs();
    onSaved();
  };
  return (
    <FormModal<UpdateConfigRequest>
      open={open}
      title={t('editTitle', { key: config?.configKey ?? '' })}
      form={form}
      onSubmit={handleSubmit}
      onClose={onClose}
      width={json ? 760 : 560}
      initialValues={
        config
          ? { configKey: config.configKey, configValue: json ? pretty(config.configValue) : config.configValue }
          : {}
      }
    >
      <Form.Item name="configKey" label={t('fields.configKey')}>
        <Input disabled />
      </Form.Item>
      {config ? <Typography.Paragraph type="secondary">{describe(config)}</Typography.Paragraph> : null}
      <ContractField schema={updateConfigRequest} name="configValue" label={t('fields.configValue')}>
        <Input.TextArea
          autoSize={{ minRows: json ? 12 : 2, maxRows: 24 }}
          spellCheck={false}
          style={json ? { fontFamily: 'monospace', fontSize: 12 } : undefined}
        />
      </ContractField>
      {json ? (
        <Button
          size="small"
          onClick={() => form.setFieldValue('configValue', pretty(String(form.getFieldValue('configValue') ?? '')))}
        >
          {t('formatJson')}
        </Button>
      ) : null}
    </FormModal>
  );
}
