// What other modules may ask of fences: the fences of stations, for what a robot is told.
export { fencesOfStations, type FenceDbRow } from './fences.repository.js';
