import {
  usersApi,
  type CreateUserRequest,
  type Page,
  type ResetPasswordRequest,
  type SortRequest,
  type UpdateUserRequest,
  type UserRoleOption,
  type UserRow,
  type UserSortColumn,
  type UserStatusRequest,
} from '@patrol/contracts';
import { call, download, queryClient } from '@/shared/api';
import type { ListParams } from '@/shared/list';

export type UserFilters = { keyword?: string; phone?: string; status?: number; roleId?: number };

export const usersKey = ['users'] as const;

/** GET one page of the acting tenant's users. */
export function fetchUserPage(
  params: ListParams<UserFilters, UserSortColumn>,
  signal?: AbortSignal,
): Promise<Page<UserRow>> {
  return call(usersApi.pageUsers, { query: params }, { signal });
}

/** Downloads the filtered users, in the list's order, as `<fileName>.xlsx`. */
export function exportUsers(filters: UserFilters & SortRequest<UserSortColumn>, fileName: string): Promise<void> {
  return download(usersApi.exportUsers, { query: filters }, fileName);
}

/** GET the roles a user can be given. */
export function fetchRoleOptions(signal?: AbortSignal): Promise<UserRoleOption[]> {
  return call(usersApi.listUserRoleOptions, {}, { signal });
}

export const createUser = (body: CreateUserRequest) => call(usersApi.createUser, { body });
export const updateUser = (body: UpdateUserRequest) => call(usersApi.updateUser, { body });
export const setUserStatus = (body: UserStatusRequest) => call(usersApi.setUserStatus, { body });
export const resetUserPassword = (body: ResetPasswordRequest) => call(usersApi.resetUserPassword, { body });
export const deleteUser = (userId: number) => call(usersApi.deleteUser, { body: { userId } });

/** After a change: the list refetches. */
export function refreshUsers(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: usersKey });
}
