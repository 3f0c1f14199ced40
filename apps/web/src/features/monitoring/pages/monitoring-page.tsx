import { useMemo, useState } from 'react';
import { Alert, Card, Empty, Input, List, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '@/shared/api';
import { PresenceTag, useFleet } from '@/shared/fleet';
import { FleetMap, robotColor } from '../components/fleet-map';
import { TelemetryPanel } from '../components/telemetry-panel';

/**
 * Real-time monitoring (`/data/position`): every robot the user may see on the map, moving live;
 * the selected robot's telemetry beside it. Offline robots stay at their last position, greyed.
 */
export function MonitoringPage() {
  const { t } = useTranslation('monitoring');
  const config = useAppConfig(true);
  const { robots, fleet, loading, live } = useFleet();
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [keyword, setKeyword] = useState('');
  const selected = selectedId === null ? undefined : fleet.get(selectedId);
  const online = robots.filter((r) => r.online).length;
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
        <FleetMap
          config={config.data?.map}
          fitLabel={t('fleet.fit')}
          robots={robots}
          selectedId={selectedId}
          onSelect={setSelectedId}
        />
      </Card>
      <Card
        size="small"
        style={{ width: 380, flex: 'none', display: 'flex', flexDirection: 'column' }}
        styles={{ body: { overflow: 'auto', flex: 1 } }}
        title={<span data-testid="fleet-count">{t('fleet.count', { online, total: robots.length })}</span>}
      >
        {!live && !loading && <Alert type="warning" showIcon title={t('fleet.liveOff')} style={{ marginBottom: 8 }} />}
        <Input.Search
          allowClear
          placeholder={t('fleet.search')}
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
          style={{ marginBottom: 8 }}
        />
        <Spin spinning={loading}>
          <List
            size="small"
            aria-label={t('fleet.search')}
            style={{ maxHeight: 220, overflow: 'auto', marginBottom: 12 }}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('fleet.empty')} /> }}
            dataSource={shown}
            renderItem={(robot) => (
              <List.Item
                key={robot.robotId}
                onClick={() => setSelectedId(robot.robotId)}
                style={{
                  cursor: 'pointer',
                  paddingInline: 8,
                  background: robot.robotId === selectedId ? 'rgba(22,119,255,0.08)' : undefined,
                  opacity: robot.online ? 1 : 0.6,
                }}
                data-robot={robot.serialNumber}
              >
                <span>
                  <span
                    style={{
                      display: 'inline-block',
                      width: 10,
                      height: 10,
                      borderRadius: 5,
                      marginInlineEnd: 8,
                      background: robotColor(robot),
                    }}
                  />
                  {robot.name}
                </span>
                <PresenceTag online={robot.online} />
              </List.Item>
            )}
          />
        </Spin>
        {selected ? (
          <>
            <Typography.Title level={5} style={{ marginTop: 0 }}>
              {selected.name}
            </Typography.Title>
            <TelemetryPanel robot={selected} />
          </>
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('fleet.select')} />
        )}
      </Card>
    </div>
  );
}
