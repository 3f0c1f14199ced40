import { useState } from 'react';
import { App, Button, Card, Flex, Form, Input, Select, Space, Tag, Typography } from 'antd';
import { useMutation, useQuery } from '@tanstack/react-query';
import { setDiagnosticsCodeRequest, type DiagnosticsCodeStatus } from '@patrol/contracts';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { ContractField } from '@/shared/form/contract-field';
import { SectionTitle } from '@/shared/ui';
import {
  clearDiagnosticsCode,
  diagnosticsCodeKey,
  fetchDiagnosticsCode,
  setDiagnosticsCode,
} from '../api/diagnostics-code';

type Values = { passcode: string; validHours: number | null };

/** How long a new code works, in hours, with its label; none: until it is cleared. */
const VALIDITY = [
  [1, 'diagnosticsCode.valid.h1'],
  [24, 'diagnosticsCode.valid.h24'],
  [24 * 7, 'diagnosticsCode.valid.h168'],
  [24 * 30, 'diagnosticsCode.valid.h720'],
] as const;
const TIME_FORMAT = 'YYYY-MM-DD HH:mm';

/**
 * The code that opens the diagnostics page (`/debug?code=`), for platform administrators: set with
 * an optional validity, replaced, or cleared. The server keeps only its hash, so the code is shown
 * once, right after it is set, with the page's address.
 */
export function DiagnosticsCodeCard() {
  const { t } = useTranslation('servers');
  const { modal, message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [justSet, setJustSet] = useState<string | null>(null);
  const status = useQuery({ queryKey: diagnosticsCodeKey, queryFn: ({ signal }) => fetchDiagnosticsCode(signal) });
  const save = useMutation({
    mutationFn: (values: Values) => setDiagnosticsCode({ passcode: values.passcode, validHours: values.validHours }),
    onSuccess: (_, values) => {
      setJustSet(values.passcode.trim());
      form.resetFields();
      void message.success(t('diagnosticsCode.saved'));
    },
  });
  const clear = useMutation({
    mutationFn: clearDiagnosticsCode,
    onSuccess: () => {
      setJustSet(null);
      void message.success(t('diagnosticsCode.clearedDone'));
    },
  });

  const handleClear = () => {
    modal.confirm({
      title: t('diagnosticsCode.clearTitle'),
      content: t('diagnosticsCode.clearConfirm'),
      okText: t('diagnosticsCode.clear'),
      okButtonProps: { danger: true },
      onOk: () => clear.mutateAsync().catch(() => undefined),
    });
  };

  const debugHref = justSet ? `#/debug?code=${encodeURIComponent(justSet)}` : null;
  return (
    <Card size="small" title={<SectionTitle look="inherit">{t('diagnosticsCode.title')}</SectionTitle>}>
      <Typography.Paragraph type="secondary">{t('diagnosticsCode.hint')}</Typography.Paragraph>
      <Flex gap={8} align="center" wrap style={{ marginBottom: 16 }}>
        <Typography.Text>{t('diagnosticsCode.current')}</Typography.Text>
        {status.data ? <CodeStatus status={status.data} /> : null}
        {status.data?.set ? (
          <Button danger size="small" onClick={handleClear} loading={clear.isPending}>
            {t('diagnosticsCode.clear')}
          </Button>
        ) : null}
      </Flex>
      <Form<Values>
        form={form}
        layout="inline"
        initialValues={{ validHours: 24 }}
        onFinish={(values) => save.mutate(values)}
        aria-label={t('diagnosticsCode.title')}
      >
        <ContractField schema={setDiagnosticsCodeRequest} name="passcode" label={t('diagnosticsCode.code')}>
          <Input.Password autoComplete="new-password" style={{ width: 240 }} />
        </ContractField>
        <Form.Item name="validHours" label={t('diagnosticsCode.validity')}>
          <Select
            style={{ width: 160 }}
            aria-label={t('diagnosticsCode.validity')}
            options={[
              ...VALIDITY.map(([hours, label]) => ({ value: hours, label: t(label) })),
              { value: null, label: t('diagnosticsCode.valid.never') },
            ]}
          />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('diagnosticsCode.set')}
          </Button>
        </Form.Item>
      </Form>
      {debugHref ? (
        <Typography.Paragraph style={{ marginTop: 16, marginBottom: 0 }}>
          <Space wrap>
            {t('diagnosticsCode.openWith')}
            <a href={debugHref} target="_blank" rel="noreferrer">
              {t('diagnosticsCode.open')}
            </a>
          </Space>
        </Typography.Paragraph>
      ) : null}
    </Card>
  );
}

function CodeStatus({ status }: { status: DiagnosticsCodeStatus }) {
  const { t } = useTranslation('servers');
  if (!status.set) return <Tag>{t('diagnosticsCode.notSet')}</Tag>;
  const by = {
    name: status.setByName ?? '',
    at: status.setAt ? dayjs(status.setAt).format(TIME_FORMAT) : '',
  };
  return (
    <>
      <Tag color={status.expired ? 'default' : 'success'}>
        {t(status.expired ? 'diagnosticsCode.expired' : 'diagnosticsCode.active')}
      </Tag>
      <Typography.Text type="secondary">
        {t('diagnosticsCode.setBy', by)}
        {' · '}
        {status.expiresAt
          ? t('diagnosticsCode.expiresAt', { at: dayjs(status.expiresAt).format(TIME_FORMAT) })
          : t('diagnosticsCode.noExpiry')}
      </Typography.Text>
    </>
  );
}
