// What other modules may ask of stations: a station by id (fences check theirs), names for rows,
// and a new station (the isolation walk's seed of fences).
export { findStation, insertStation, stationNames, type StationDbRow } from './stations.repository.js';
