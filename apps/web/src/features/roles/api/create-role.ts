import type { CreateRoleRequest, RoleRow } from '@patrol/contracts';
import { postJson } from '@/shared/api';

/** POST a new role of the acting tenant; a taken code answers 409 under the code field. */
export const createRole = (body: CreateRoleRequest) => postJson<RoleRow>('system-server/role/create', body);
