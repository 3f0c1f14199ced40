import type { UpdateRoleRequest } from '@patrol/contracts';
import { postJson } from '@/shared/api';

/** POST a role's new name, code and remark. */
export const updateRole = (body: UpdateRoleRequest) => postJson<null>('system-server/role/update', body);
