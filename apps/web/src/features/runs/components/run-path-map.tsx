import { useEffect } from 'react';
import L from 'leaflet';
import { theme, Typography } from 'antd';
import type { RunDetail } from '@patrol/contracts';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '@/shared/api';
import { BaseMap, useLeafletMap, useMapProjection } from '@/shared/map';

/** Keys of nodes reached: `job:node`. */
export function reachedNodes(run: Pick<RunDetail, 'steps'>): Set<string> {
  const reached = new Set<string>();
  for (const step of run.steps) {
    if (step.step === 'nodeReached' && step.job !== null && step.node !== null) reached.add(`${step.job}:${step.node}`);
  }
  return reached;
}

function PathLayer({ run }: { run: RunDetail }) {
  const map = useLeafletMap();
  const projection = useMapProjection();
  const { token } = theme.useToken();
  useEffect(() => {
    if (!map) return;
    const reached = reachedNodes(run);
    const group = L.featureGroup();
    run.jobs.forEach((job, j) => {
      const points = job.nodes.map((n) => projection.toMap([n.lng, n.lat]));
      // Track width 4, as the spec draws tracks.
      L.polyline(points, { color: token.colorPrimary, weight: 4, opacity: 0.8 }).addTo(group);
      job.nodes.forEach((node, i) => {
        const done = reached.has(`${j}:${i}`);
        L.circleMarker(projection.toMap([node.lng, node.lat]), {
          radius: 6,
          color: done ? token.colorSuccess : token.colorTextTertiary,
          fillColor: done ? token.colorSuccess : token.colorBgContainer,
          fillOpacity: 1,
          weight: 2,
        })
          .bindTooltip(`${job.name} · ${i + 1}: ${node.guide}`)
          .addTo(group);
      });
    });
    group.addTo(map);
    const bounds = group.getBounds();
    if (bounds.isValid()) map.fitBounds(bounds, { padding: [24, 24], maxZoom: 19, animate: false });
    return () => {
      group.remove();
    };
  }, [map, projection, run, token]);
  return null;
}

/** The run's path as dispatched, drawn on a small map, its reached nodes marked. */
export function RunPathMap({ run }: { run: RunDetail }) {
  const { t } = useTranslation('runs');
  const config = useAppConfig(true);
  const nodes = run.jobs.reduce((sum, job) => sum + job.nodes.length, 0);
  if (nodes === 0) return <Typography.Text type="secondary">{t('detail.noPath')}</Typography.Text>;
  return (
    <div role="group" aria-label={t('detail.pathLabel', { nodes, reached: reachedNodes(run).size })}>
      <div style={{ height: 260 }}>
        <BaseMap config={config.data?.map} testId="run-map">
          <PathLayer run={run} />
        </BaseMap>
      </div>
    </div>
  );
}
