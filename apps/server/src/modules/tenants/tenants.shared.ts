// What other modules may ask of tenants besides the tenants service: one tenant by id (any
// status), for sign-in, the acting tenant, external access and robot moves.
export { findTenant } from './tenants.repository.js';
