import { rolesApi } from '@patrol/contracts';
import { call } from '@/shared/api';

/** POST the deletion of a role nobody holds (held roles answer 409 with the count). */
export const deleteRole = (roleId: number) => call(rolesApi.deleteRole, { body: { roleId } });
