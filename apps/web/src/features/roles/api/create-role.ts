import { rolesApi, type CreateRoleRequest } from '@patrol/contracts';
import { call } from '@/shared/api';

/** POST a new role of the acting tenant; a taken code answers 409 under the code field. */
export const createRole = (body: CreateRoleRequest) => call(rolesApi.createRole, { body });
