import { useMemo, type ReactElement } from 'react';
import { Col, Divider, Form, Input, Row, Select, Switch, Typography } from 'antd';
import {
  DEFAULT_TIME_ZONE,
  EMBEDDED_VIDEO_TEMPLATES,
  createTenantForm,
  timeZoneNames,
  updateTenantForm,
  type CreateTenantForm,
  type TenantRow,
} from '@patrol/contracts';
import { useTranslation } from 'react-i18next';
import { ContractField } from '@/shared/form/contract-field';
import { FormModal, type FormDialog } from '@/shared/list';
import { sha256Hex } from '@/shared/sha256';
import { createTenant, refreshTenants, updateTenant } from '../api/tenants-api';

type Props = {
  /** Open on the row to edit, or on a new one. */
  dialog: FormDialog<TenantRow>;
  onSaved: () => void;
};

type Values = Partial<CreateTenantForm> & { dashboard3d?: boolean };

/** The three video URL templates as sent: trimmed, empty meaning "not configured". */
function videoTemplates(values: Values) {
  return {
    videoStreamUrl: values.videoStreamUrl?.trim() ?? '',
    videoHistoryUrl: values.videoHistoryUrl?.trim() ?? '',
    videoFileUrl: values.videoFileUrl?.trim() ?? '',
  };
}

/** A new tenant starts with the embedded media routes (the console's own server). */
const NEW_TENANT_VIDEO = {
  videoStreamUrl: EMBEDDED_VIDEO_TEMPLATES.streamUrl,
  videoHistoryUrl: EMBEDDED_VIDEO_TEMPLATES.historyUrl,
  videoFileUrl: EMBEDDED_VIDEO_TEMPLATES.fileUrl,
};

/**
 * New tenant (code, name, the administrator's account, name, phone, email and password) or edit
 * (name and contacts; the code and the administrator's account stay as created); both with the
 * tenant's video URL templates (streaming, history and file access addresses; empty: not configured).
 */
export function TenantFormModal({ dialog, onSaved }: Props) {
  const { open, record: tenant, close: onClose } = dialog;
  const { t } = useTranslation('tenants');
  const [form] = Form.useForm<Values>();
  const editing = !!tenant;
  const schema = editing ? updateTenantForm : createTenantForm;
  const zoneOptions = useMemo(() => timeZoneNames().map((zone) => ({ value: zone, label: zone })), []);

  const handleSubmit = async (values: Values) => {
    if (editing) {
      await updateTenant({
        tenantId: tenant.tenantId,
        tenantName: values.tenantName!,
        adminPhone: values.adminPhone!,
        adminName: values.adminName!,
        adminEmail: values.adminEmail!,
        remark: values.remark ?? '',
        timeZone: values.timeZone ?? DEFAULT_TIME_ZONE,
        ...videoTemplates(values),
        dashboard3d: values.dashboard3d ?? false,
      });
    } else {
      await createTenant({
        tenantCode: values.tenantCode!,
        tenantName: values.tenantName!,
        adminPhone: values.adminPhone!,
        adminAccount: values.adminAccount!,
        adminName: values.adminName!,
        adminEmail: values.adminEmail!,
        adminPassword: sha256Hex(values.adminPassword!),
        remark: values.remark ?? '',
        timeZone: values.timeZone ?? DEFAULT_TIME_ZONE,
        ...videoTemplates(values),
        dashboard3d: values.dashboard3d ?? false,
      });
    }
    await refreshTenants();
    onSaved();
  };

  const item = (name: keyof Values & string, label: string, input: ReactElement = <Input />) => (
    <ContractField schema={schema} name={name} label={label}>
      {input}
    </ContractField>
  );

  return (
    <FormModal<Values>
      open={open}
      title={editing ? t('editTitle') : t('createTitle')}
      form={form}
      onSubmit={handleSubmit}
      onClose={onClose}
      width={720}
      initialValues={
        tenant
          ? {
              tenantCode: tenant.tenantCode,
              tenantName: tenant.tenantName,
              adminAccount: tenant.adminAccount ?? '',
              adminName: tenant.adminName ?? '',
              adminPhone: tenant.adminPhone ?? '',
              adminEmail: tenant.adminEmail ?? '',
              remark: tenant.remark ?? '',
              timeZone: tenant.timeZone,
              videoStreamUrl: tenant.videoStreamUrl,
              videoHistoryUrl: tenant.videoHistoryUrl,
              videoFileUrl: tenant.videoFileUrl,
              dashboard3d: tenant.dashboard3d,
            }
          : { timeZone: DEFAULT_TIME_ZONE, ...NEW_TENANT_VIDEO, dashboard3d: false }
      }
    >
      <Row gutter={16}>
        <Col span={12}>
          {editing ? (
            <Form.Item name="tenantCode" label={t('fields.tenantCode')}>
              <Input disabled />
            </Form.Item>
          ) : (
            item('tenantCode', t('fields.tenantCode'), <Input autoComplete="off" />)
          )}
        </Col>
        <Col span={12}>{item('tenantName', t('fields.tenantName'))}</Col>
        <Col span={12}>
          {editing ? (
            <Form.Item name="adminAccount" label={t('fields.adminAccount')}>
              <Input disabled />
            </Form.Item>
          ) : (
            item('adminAccount', t('fields.adminAccount'), <Input autoComplete="off" />)
          )}
        </Col>
        <Col span={12}>{item('adminName', t('fields.adminName'))}</Col>
        <Col span={12}>{item('adminPhone', t('fields.adminPhone'))}</Col>
        <Col span={12}>{item('adminEmail', t('fields.adminEmail'))}</Col>
        {editing ? null : (
          <>
            <Col span={12}>
              {item('adminPassword', t('fields.adminPassword'), <Input.Password autoComplete="new-password" />)}
            </Col>
            <Col span={12}>
              {item('confirmPassword', t('fields.confirmPassword'), <Input.Password autoComplete="new-password" />)}
            </Col>
          </>
        )}
        <Col span={12}>
          {item(
            'timeZone',
            t('fields.timeZone'),
            <Select showSearch options={zoneOptions} aria-label={t('fields.timeZone')} />,
          )}
        </Col>
        <Col span={12}>
          <Form.Item
            name="dashboard3d"
            label={t('fields.dashboard3d')}
            valuePropName="checked"
            extra={t('dashboard3dHint')}
          >
            <Switch />
          </Form.Item>
        </Col>
        <Col span={24}>{item('remark', t('fields.remark'), <Input.TextArea rows={2} />)}</Col>
      </Row>
      <Divider titlePlacement="start" plain>
        {t('video.title')}
      </Divider>
      <Typography.Paragraph type="secondary">{t('video.hint')}</Typography.Paragraph>
      {item('videoStreamUrl', t('fields.videoStreamUrl'), <Input autoComplete="off" spellCheck={false} />)}
      {item('videoHistoryUrl', t('fields.videoHistoryUrl'), <Input autoComplete="off" spellCheck={false} />)}
      {item('videoFileUrl', t('fields.videoFileUrl'), <Input autoComplete="off" spellCheck={false} />)}
    </FormModal>
  );
}
