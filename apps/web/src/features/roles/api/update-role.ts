import { rolesApi, type UpdateRoleRequest } from '@patrol/contracts';
import { call } from '@/shared/api';

/** POST a role's new name, code and remark. */
export const updateRole = (body: UpdateRoleRequest) => call(rolesApi.updateRole, { body });
