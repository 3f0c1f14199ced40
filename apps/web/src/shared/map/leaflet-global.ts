import L from 'leaflet';

// Leaflet-Geoman extends the global `L`; the console imports Leaflet as a module, so it is made
// global here, before Geoman loads (see area-editor.tsx).
(globalThis as unknown as { L: typeof L }).L = L;
