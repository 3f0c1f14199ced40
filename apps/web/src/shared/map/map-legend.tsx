import { useTranslation } from 'react-i18next';
import { ColorDot } from './color-dot';
import { ROBOT_COLORS } from './robots-layer';

const ENTRIES = ['online', 'offline', 'unknown', 'yellow', 'red'] as const;

/** What the robots' colours mean, over the map's bottom-left corner. */
export function MapLegend() {
  const { t } = useTranslation();
  return (
    <section
      aria-label={t('legend.title')}
      className="map-legend"
      style={{
        position: 'absolute',
        left: 8,
        bottom: 8,
        zIndex: 1000,
        background: 'rgba(255,255,255,0.92)',
        borderRadius: 4,
        padding: '4px 8px',
        fontSize: 12,
        lineHeight: '20px',
        boxShadow: '0 1px 4px rgba(0,0,0,0.2)',
      }}
    >
      {ENTRIES.map((key) => (
        <div key={key} data-legend={key}>
          <ColorDot color={ROBOT_COLORS[key]} />
          {t(`legend.${key}`)}
        </div>
      ))}
    </section>
  );
}
