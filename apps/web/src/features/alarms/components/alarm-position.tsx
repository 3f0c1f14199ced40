import { useEffect } from 'react';
import L from 'leaflet';
import { Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '@/shared/api';
import { BaseMap, MAP_DEFAULTS, useLeafletMap, useMapProjection } from '@/shared/map';

function AlarmMarker({ lat, lng, label }: { lat: number; lng: number; label: string }) {
  const map = useLeafletMap();
  const projection = useMapProjection();
  const { token } = theme.useToken();
  useEffect(() => {
    if (!map) return;
    // Stored WGS84; drawn in the base map's own system.
    const at = projection.toMap([lng, lat]);
    const marker = L.circleMarker(at, {
      radius: 9,
      color: token.colorError,
      fillColor: token.colorError,
      fillOpacity: 0.7,
      weight: 2,
    })
      .bindTooltip(label)
      .addTo(map);
    map.setView(at, MAP_DEFAULTS.zoom, { animate: false });
    return () => {
      marker.remove();
    };
  }, [map, projection, lat, lng, label, token.colorError]);
  return null;
}

/** Where the robot was when it raised the alarm: a small map with one marker, or a note when unknown. */
export function AlarmPosition({ lat, lng, label }: { lat: number | null; lng: number | null; label: string }) {
  const { t } = useTranslation('alarms');
  const config = useAppConfig(true);
  if (lat === null || lng === null)
    return <Typography.Text type="secondary">{t('details.noPosition')}</Typography.Text>;
  return (
    <div role="group" aria-label={t('details.positionOf', { position: `${lat.toFixed(6)}, ${lng.toFixed(6)}` })}>
      <div style={{ height: 220 }}>
        <BaseMap config={config.data?.map} testId="alarm-map">
          <AlarmMarker lat={lat} lng={lng} label={label} />
        </BaseMap>
      </div>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {`${lat.toFixed(6)}, ${lng.toFixed(6)}`}
      </Typography.Text>
    </div>
  );
}
