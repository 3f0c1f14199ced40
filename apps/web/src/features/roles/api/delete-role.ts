import { postJson } from '@/shared/api';

/** POST the deletion of a role nobody holds (held roles answer 409 with the count). */
export const deleteRole = (roleId: number) => postJson<null>('system-server/role/delete', { roleId });
