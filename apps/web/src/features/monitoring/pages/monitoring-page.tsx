import { useMemo, useState } from 'react';
import { Card, Empty, Input, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '@/shared/api';
import { FleetBanner, useFleet } from '@/shared/fleet';
import { BaseMap, MapLegend, RobotsLayer } from '@/shared/map';
import { PageTitle, SectionTitle } from '@/shared/ui';
import { FencesLayer } from '../components/fences-layer';
import { RobotList } from '../components/robot-list';
import { TelemetryPanel } from '../components/telemetry-panel';

/**
 * Real-time monitoring (`/data/position`): every robot the user may see on the map, moving live;
 * the selected robot's telemetry beside it. Offline robots stay at their last position, greyed.
 */
export function MonitoringPage() {
  const { t } = useTranslation('monitoring');
  const { t: tc } = useTranslation();
  const config = useAppConfig(true);
  const { robots, fleet, loading } = useFleet();
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [keyword, setKeyword] = useState('');
  const selected = selectedId === null ? undefined : fleet.get(selectedId);
  const online = useMemo(() => robots.filter((r) => r.online && !r.presenceUnknown).length, [robots]);
  const shown = useMemo(() => {
    const k = keyword.trim().toLowerCase();
    return k ? robots.filter((r) => `${r.name} ${r.serialNumber}`.toLowerCase().includes(k)) : robots;
  }, [robots, keyword]);

  return (
    <div
      className="monitoring-page"
      style={{ display: 'flex', gap: 12, height: 'calc(100vh - 140px)', minHeight: 520 }}
    >
      <Card
        size="small"
        style={{ flex: 1, minWidth: 0 }}
        styles={{ body: { padding: 0, height: '100%' } }}
        aria-label={t('fields.coordinates')}
      >
        <BaseMap config={config.data?.map}>
          <FencesLayer />
          <RobotsLayer
            fitLabel={t('fleet.fit')}
            stoppedLabel={tc('robotPresence.stoppedForRepair')}
            robots={robots}
            selectedId={selectedId}
            onSelect={setSelectedId}
          />
          <MapLegend />
        </BaseMap>
      </Card>
      <Card
        size="small"
        style={{ width: 380, flex: 'none', display: 'flex', flexDirection: 'column' }}
        styles={{ body: { overflow: 'auto', flex: 1 } }}
        title={<PageTitle look="inherit">{t('title')}</PageTitle>}
        extra={<span data-testid="fleet-count">{t('fleet.count', { online, total: robots.length })}</span>}
      >
        <FleetBanner />
        <Input.Search
          allowClear
          placeholder={t('fleet.search')}
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
          style={{ marginBottom: 8 }}
        />
        <Spin spinning={loading}>
          <RobotList
            label={t('fleet.search')}
            empty={t('fleet.empty')}
            robots={shown}
            selectedId={selectedId}
            onSelect={setSelectedId}
            height={220}
          />
        </Spin>
        {selected ? (
          <>
            <SectionTitle style={{ marginBottom: 8 }}>{selected.name}</SectionTitle>
            <TelemetryPanel robot={selected} />
          </>
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('fleet.select')} />
        )}
      </Card>
    </div>
  );
}
