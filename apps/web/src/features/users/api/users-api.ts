import type {
  CreateUserRequest,
  Page,
  ResetPasswordRequest,
  UpdateUserRequest,
  UserRole,
  UserRow,
  UserStatusRequest,
} from '@patrol/contracts';
import { get, postJson, queryClient } from '@/shared/api';
import type { ListParams } from '@/shared/list';

export type UserFilters = { keyword?: string; phone?: string; status?: number; roleId?: number };

export const USER_EXPORT_PATH = 'system-server/user/export';
export const usersKey = ['users'] as const;

/** GET one page of the acting tenant's users. */
export function fetchUserPage(params: ListParams<UserFilters>, signal?: AbortSignal): Promise<Page<UserRow>> {
  return get<Page<UserRow>>('system-server/user/page', { query: params, signal });
}

/** GET the roles a user can be given. */
export function fetchRoleOptions(signal?: AbortSignal): Promise<UserRole[]> {
  return get<UserRole[]>('system-server/user/role-options', { signal });
}

export const createUser = (body: CreateUserRequest) => postJson<UserRow>('system-server/user/create', body);
export const updateUser = (body: UpdateUserRequest) => postJson<UserRow>('system-server/user/update', body);
export const setUserStatus = (body: UserStatusRequest) => postJson<null>('system-server/user/status', body);
export const resetUserPassword = (body: ResetPasswordRequest) => postJson<null>('system-server/user/resetPwd', body);
export const deleteUser = (userId: number) => postJson<null>('system-server/user/delete', { userId });

/** After a change: the list refetches. */
export function refreshUsers(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: usersKey });
}
