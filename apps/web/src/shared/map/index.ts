export { AreasLayer, AREAS_PANE, FitAreas, type MapArea } from './areas-layer';
export { ColorDot } from './color-dot';
export { BaseMap, MAP_DEFAULTS, useLeafletMap, useMapViewRestored } from './base-map';
export { forgetViews } from './keep-view';
export { MapLegend } from './map-legend';
export { ROBOT_COLORS, RobotsLayer, robotColor } from './robots-layer';
export { plainText } from './plain-text';
export { projectionFor, useMapProjection, WGS84_PROJECTION, type MapProjection } from './projection';
export { PathLayer, PATH_PANE } from './path-layer';
