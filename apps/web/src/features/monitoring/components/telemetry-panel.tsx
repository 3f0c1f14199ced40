import { Descriptions, Empty, Progress, Tag } from 'antd';
import type { RobotLive } from '@patrol/contracts';
import { useTranslation } from 'react-i18next';
import { PresenceTag, ReadingAge, StoppedForRepairTag } from '@/shared/fleet';
import { formatTime } from '@/shared/list';

const fixed = (value: number, digits = 1) => value.toFixed(digits);

/** The warning level in its colour (spec: warning level and colour, red or yellow). */
export function WarningTag({ color }: { color: 'yellow' | 'red' | null }) {
  const { t } = useTranslation('monitoring');
  if (!color) return <Tag>{t('warning.none')}</Tag>;
  return (
    <Tag color={color === 'red' ? 'red' : 'gold'} data-warning={color}>
      {t(`warning.${color}`)}
    </Tag>
  );
}

/** Every telemetry field of one robot. */
export function TelemetryPanel({ robot }: { robot: RobotLive }) {
  const { t } = useTranslation('monitoring');
  const s = robot.state;
  const identity = [
    { key: 'serial', label: t('fields.serialNumber'), children: robot.serialNumber },
    {
      key: 'status',
      label: t('fields.status'),
      children: (
        <span>
          <PresenceTag online={robot.online} unknown={robot.presenceUnknown} />
          <StoppedForRepairTag stopped={robot.stoppedForRepair} />
        </span>
      ),
    },
    { key: 'seen', label: t('fields.lastSeen'), children: formatTime(robot.lastSeenTime) },
  ];
  if (!s) {
    return (
      <>
        <Descriptions size="small" column={1} bordered items={identity} />
        <Empty style={{ marginTop: 16 }} description={t('noState')} />
      </>
    );
  }
  const items = [
    ...identity,
    { key: 'age', label: t('fields.readingAge'), children: <ReadingAge ts={s.ts} /> },
    { key: 'mode', label: t('fields.mode'), children: t(`modes.${s.mode}`) },
    {
      key: 'battery',
      label: t('fields.battery'),
      children: (
        <Progress
          percent={Math.round(s.battery)}
          size="small"
          status={s.battery < 20 ? 'exception' : 'normal'}
          format={(p) => `${p}%${s.charging ? ` · ${t('values.charging')}` : ''}`}
        />
      ),
    },
    { key: 'warning', label: t('fields.warning'), children: <WarningTag color={s.warning.color} /> },
    { key: 'coordinates', label: t('fields.coordinates'), children: `${fixed(s.lat, 6)}, ${fixed(s.lng, 6)}` },
    { key: 'altitude', label: t('fields.altitude'), children: `${fixed(s.altitude)} m` },
    { key: 'speed', label: t('fields.speed'), children: `${fixed(s.speed, 2)} m/s` },
    { key: 'acceleration', label: t('fields.acceleration'), children: `${fixed(s.acceleration, 2)} m/s²` },
    { key: 'direction', label: t('fields.direction'), children: `${fixed(s.direction)}°` },
    { key: 'tAmbient', label: t('fields.temperatureAmbient'), children: `${fixed(s.temperatures.ambient)} °C` },
    { key: 'tBody', label: t('fields.temperatureBody'), children: `${fixed(s.temperatures.body)} °C` },
    { key: 'tBattery', label: t('fields.temperatureBattery'), children: `${fixed(s.temperatures.battery)} °C` },
    { key: 'humidity', label: t('fields.humidity'), children: `${fixed(s.humidity)} %` },
    { key: 'windSpeed', label: t('fields.windSpeed'), children: `${fixed(s.windSpeed)} m/s` },
    { key: 'windDirection', label: t('fields.windDirection'), children: `${Math.round(s.windDirection)}°` },
    { key: 'up', label: t('fields.networkUp'), children: `${Math.round(s.network.up)} kbit/s` },
    { key: 'down', label: t('fields.networkDown'), children: `${Math.round(s.network.down)} kbit/s` },
    { key: 'lights', label: t('fields.lights'), children: t(s.lights ? 'values.on' : 'values.off') },
    { key: 'firmware', label: t('fields.firmware'), children: s.versions.firmware },
    {
      key: 'modules',
      label: t('fields.modules'),
      children: Object.entries(s.versions.modules)
        .map(([name, version]) => `${name} ${version}`)
        .join(' · '),
    },
  ];
  return <Descriptions size="small" column={1} bordered items={items} data-testid="telemetry" />;
}
