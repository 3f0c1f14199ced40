import { App, Select, Tooltip } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { seededText, type TenantOption } from '@patrol/contracts';
import { useTranslation } from 'react-i18next';
import { fetchTenantOptions, tenantsKey } from '@/features/tenants/api/tenants-api';
import { queryClient } from '@/shared/api';
import { useLanguage } from '@/shared/i18n';
import { setActingTenant } from '@/shared/session';

type Props = { tenantId: number };

/**
 * The tenant a platform administrator acts in (data-testid `tenant-switcher`). Choosing another
 * one refetches everything the console shows, now in that tenant; the menu stays the
 * administrator's own. A seeded tenant's name shows in the reader's language.
 */
export function TenantSwitcher({ tenantId }: Props) {
  const { t } = useTranslation('tenants');
  const { message } = App.useApp();
  const lang = useLanguage();
  const nameOf = (o: TenantOption) => seededText('tenantName', o.tenantCode, o.tenantName, lang);
  const options = useQuery({
    queryKey: [...tenantsKey, 'options'],
    queryFn: ({ signal }) => fetchTenantOptions(signal),
  });
  const handleChange = async (next: number) => {
    const chosen = options.data?.find((o) => o.tenantId === next);
    if (!chosen) return;
    setActingTenant(chosen.tenantId, chosen.tenantName);
    // Said at once: the refetch of every open query may take a while on a busy server.
    message.success(t('switcher.switched', { name: nameOf(chosen) }));
    await queryClient.resetQueries();
  };
  return (
    <Tooltip title={t('switcher.tooltip')} placement="bottom">
      <Select
        data-testid="tenant-switcher"
        aria-label={t('switcher.label')}
        size="small"
        variant="borderless"
        showSearch={{ optionFilterProp: 'label' }}
        style={{ width: 160 }}
        value={tenantId}
        loading={options.isFetching}
        options={(options.data ?? []).map((o) => ({ value: o.tenantId, label: nameOf(o) }))}
        onChange={(v: number) => void handleChange(v)}
      />
    </Tooltip>
  );
}
