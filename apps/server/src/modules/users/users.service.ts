import {
  translate,
  type CreateUserInput,
  type HomeData,
  type Language,
  type MenuNode,
  type Page,
  type SortRequest,
  type UpdatePasswordRequest,
  type UpdateUserInput,
  type UserRole,
  type UserRoleOption,
  type UserRow,
  type UserSortColumn,
} from '@patrol/contracts';
import { STATUS } from '../../db/columns.js';
import type { AuthContext } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, conflictOn, forbidden, notFound, unauthorized } from '../../platform/errors.js';
import { EXPORT_MAX_ROWS, pageWindow } from '../../platform/paging.js';
import { frozen } from '../../platform/route.js';
import { buildXlsx, type XlsxColumn } from '../../platform/xlsx.js';
import { hashPassword, verifyPassword } from '../../platform/passwords.js';
import type { AuthService } from '../auth/auth.service.js';
import type { AccessService } from '../access/access.service.js';
import { changedIds, roleChangeRefusal, roleRefusals } from '../roles/roles.shared.js';
import {
  deleteUser,
  existingRoleIds,
  findSignInCandidates,
  findUser,
  insertUser,
  pageUsers,
  replaceUserRoles,
  roleChoices,
  rolesOfUsers,
  setUserStatus,
  updatePasswordHash,
  updateUserProfile,
  type UserFilter,
  type UserProfile,
  type UserRow as UserRecord,
} from './users.repository.js';

type Paged = { index: number; size?: number | undefined };
type Sorted = SortRequest<UserSortColumn>;
type ProfileInput = Omit<UpdateUserInput, 'userId' | 'roleIds'>;

/** Beyond this many callers the kept home data starts over. */
const HOME_MAX_ENTRIES = 10_000;

/** Home data as answered, with what it was made of (held by the access caches). */
type KeptHome = {
  menu: MenuNode[];
  tenant: object;
  roles: AuthContext['roles'];
  account: string;
  username: string;
  platformAdmin: boolean;
  value: HomeData;
};

export type PasswordChange =
  | { changed: true }
  | { changed: false; reason: 'errors.oldPasswordWrong' | 'errors.samePassword' }
  | { changed: false; reason: 'errors.secretLocked'; minutes: number };

export function createUsersService(ctx: AppContext, auth: AuthService, access: AccessService) {
  const { db } = ctx;
  const homes = new Map<string, KeptHome>();

  /**
   * The caller's menu tree (their roles' menus, titles in `lang`) and who they are in the acting
   * tenant. The answer is kept, frozen, while the menu tree, tenant and roles the access caches
   * hand out are the same objects (they are replaced on every change) and the session names the
   * caller alike, so a repeated read answers the same object and its JSON text is reused.
   */
  async function homeData(caller: AuthContext, lang: Language): Promise<HomeData> {
    const [menu, tenant] = await Promise.all([access.menuTree(caller, lang), access.tenant(caller.tenantId)]);
    if (!tenant) throw notFound();
    const key = `${caller.homeTenantId}:${caller.userId}:${tenant.id}:${lang}`;
    const kept = homes.get(key);
    if (
      kept &&
      kept.menu === menu &&
      kept.tenant === tenant &&
      kept.roles === caller.roles &&
      kept.account === caller.account &&
      kept.username === caller.username &&
      kept.platformAdmin === caller.platformAdmin
    ) {
      return kept.value;
    }
    // A copy is frozen: the cached menu tree and roles stay as the access caches hold them.
    const value = frozen<HomeData>(
      structuredClone({
        menu,
        loginUser: {
          userId: caller.userId,
          account: caller.account,
          username: caller.username,
          tenantId: tenant.id,
          tenantName: tenant.name,
          tenantCode: tenant.code,
          platformAdmin: caller.platformAdmin,
          roles: caller.roles,
        },
      }),
    );
    if (homes.size >= HOME_MAX_ENTRIES) homes.clear();
    homes.set(key, {
      menu,
      tenant,
      roles: caller.roles,
      account: caller.account,
      username: caller.username,
      platformAdmin: caller.platformAdmin,
      value,
    });
    return value;
  }

  /**
   * Changes the caller's own password. Both values are SHA-256 digests, so the server cannot check
   * the password rule (the console does); it checks the old password and refuses reuse. On success
   * every other session of the user ends; the current one stays. The old password is checked under
   * the same limits as a sign-in (`auth.gate`), per user and address: a stolen session cannot guess
   * at it faster than a sign-in could.
   */
  async function changePassword(
    caller: AuthContext,
    input: Required<UpdatePasswordRequest>,
    ip: string | null,
  ): Promise<PasswordChange> {
    const user = await findUser(db, caller.homeTenantId, caller.userId);
    if (!user) throw unauthorized();
    const checked = await auth.gate('password', `${caller.homeTenantId}:${caller.userId}`, ip);
    if (checked.locked) return { changed: false, reason: 'errors.secretLocked', minutes: checked.minutes };
    if (!(await verifyPassword(input.oldPwd, user.passwordHash))) {
      return { changed: false, reason: 'errors.oldPasswordWrong' };
    }
    await checked.passed();
    if (input.newPwd === input.oldPwd) return { changed: false, reason: 'errors.samePassword' };
    await updatePasswordHash(
      db,
      caller.homeTenantId,
      caller.userId,
      await hashPassword(input.newPwd, ctx.config.scryptLogN),
    );
    await auth.revokeOthers(caller.homeTenantId, caller.userId, caller.sessionId);
    return { changed: true };
  }

  /** A user of the acting tenant, or 404: another tenant's id is the same as an unknown one. */
  async function userOf(caller: AuthContext, userId: number): Promise<UserRecord> {
    const user = await findUser(db, caller.tenantId, userId);
    if (!user) throw notFound();
    return user;
  }

  async function assertRoles(caller: AuthContext, roleIds: number[]) {
    const unique = [...new Set(roleIds)];
    if ((await existingRoleIds(db, caller.tenantId, unique)).length !== unique.length) {
      // Another tenant's role is answered like an unknown one.
      throw new AppError(404, 'users.roleUnknown', undefined, [{ path: 'roleIds', key: 'users.roleUnknown' }]);
    }
    return unique;
  }

  /**
   * Refuses (403, nothing changed) giving or taking roles the caller may not: an administrator
   * role unless the caller grants everything, or a role holding a menu or resource the caller
   * does not hold.
   */
  async function assertMayChangeRoles(caller: AuthContext, roleIds: number[]) {
    const refusal = await roleChangeRefusal(db, caller, roleIds);
    if (refusal) throw forbidden(refusal);
  }

  /** The ids of the roles a user of the acting tenant holds (enabled or not). */
  async function roleIdsOf(tenantId: number, userId: number): Promise<number[]> {
    return ((await rolesOfUsers(db, tenantId, [userId])).get(userId) ?? []).map((r) => r.roleId);
  }

  /**
   * A user holding a role the caller could not give is beyond the caller: it may not disable,
   * delete or set the password of that user (403), which would take its account over or away.
   */
  async function assertWithinCaller(caller: AuthContext, userId: number) {
    if (await roleChangeRefusal(db, caller, await roleIdsOf(caller.tenantId, userId))) {
      throw forbidden('users.userBeyondOwn');
    }
  }

  /**
   * A page of the acting tenant's users with their roles. Pages are kept by the access module
   * (frozen, so their JSON text is reused) until a user or role of the tenant changes.
   */
  async function page(caller: AuthContext, query: UserFilter & Sorted & Paged): Promise<Page<UserRow>> {
    const { keyword, phone, status, roleId, sortBy, sortOrder, index, size } = query;
    const key = JSON.stringify([keyword, phone, status, roleId, sortBy, sortOrder, index, size]);
    return access.usersPage(caller.tenantId, key, async () => {
      const { rows, total } = await pageUsers(db, caller.tenantId, query, pageWindow(query));
      return frozen({ rows: await withRoles(caller.tenantId, rows), total });
    });
  }

  async function withRoles(tenantId: number, rows: UserRecord[]): Promise<UserRow[]> {
    const roles = await rolesOfUsers(
      db,
      tenantId,
      rows.map((r) => r.id),
    );
    return rows.map((r) => toRow(r, roles.get(r.id) ?? []));
  }

  /** The tenant's enabled roles, each saying whether the caller may give or take it. */
  async function roleOptions(caller: AuthContext): Promise<UserRoleOption[]> {
    const choices = await roleChoices(db, caller.tenantId);
    const refused = await roleRefusals(
      db,
      caller,
      choices.map((r) => r.roleId),
    );
    return choices.map((r) => ({ ...r, assignable: !refused.has(r.roleId) }));
  }

  /**
   * A user of the acting tenant with its roles. Accounts are free in every tenant, so that each
   * person signs in without naming the tenant.
   */
  async function create(caller: AuthContext, input: CreateUserInput): Promise<UserRow> {
    if ((await findSignInCandidates(db, input.account, 1)).length > 0) {
      throw conflictOn('account', 'users.accountTaken');
    }
    const roleIds = await assertRoles(caller, input.roleIds);
    await assertMayChangeRoles(caller, roleIds);
    const passwordHash = await hashPassword(input.password, ctx.config.scryptLogN);
    const user = await db.transaction(async (tx) => {
      const row = await insertUser(tx, caller.tenantId, {
        account: input.account,
        passwordHash,
        ...profileOf(input),
      });
      await replaceUserRoles(tx, row.id, roleIds);
      return row;
    });
    await ctx.bus.publish('users.changed', { tenantId: caller.tenantId });
    const [row] = await withRoles(caller.tenantId, [user]);
    return row!;
  }

  async function update(caller: AuthContext, input: UpdateUserInput): Promise<UserRow> {
    await userOf(caller, input.userId);
    const roleIds = await assertRoles(caller, input.roleIds);
    await assertMayChangeRoles(caller, changedIds(await roleIdsOf(caller.tenantId, input.userId), roleIds));
    await db.transaction(async (tx) => {
      await updateUserProfile(tx, caller.tenantId, input.userId, profileOf(input));
      await replaceUserRoles(tx, input.userId, roleIds);
    });
    await ctx.bus.publish('access.changed', {});
    const [row] = await withRoles(caller.tenantId, [await userOf(caller, input.userId)]);
    return row!;
  }

  /** Disabling a user ends every session of it at once (its next request is refused). */
  async function setStatus(caller: AuthContext, userId: number, status: number): Promise<void> {
    await userOf(caller, userId);
    if (status !== STATUS.enabled && isSelf(caller, userId)) throw new AppError(409, 'users.cannotDisableSelf');
    await assertWithinCaller(caller, userId);
    await setUserStatus(db, caller.tenantId, userId, status);
    await ctx.bus.publish('access.changed', {});
    if (status !== STATUS.enabled) await auth.revokeAll(caller.tenantId, [userId]);
  }

  /** An administrator sets a new password (checked by the rule in the browser); the user's sessions end. */
  async function resetPassword(caller: AuthContext, userId: number, password: string): Promise<void> {
    await userOf(caller, userId);
    await assertWithinCaller(caller, userId);
    await updatePasswordHash(db, caller.tenantId, userId, await hashPassword(password, ctx.config.scryptLogN));
    await auth.revokeAll(caller.tenantId, [userId]);
  }

  async function remove(caller: AuthContext, userId: number): Promise<void> {
    await userOf(caller, userId);
    if (isSelf(caller, userId)) throw new AppError(409, 'users.cannotDeleteSelf');
    await assertWithinCaller(caller, userId);
    await auth.revokeAll(caller.tenantId, [userId]);
    await deleteUser(db, caller.tenantId, userId);
    await ctx.bus.publish('access.changed', {});
  }

  async function exportXlsx(caller: AuthContext, query: UserFilter & Sorted, lang: Language): Promise<Buffer> {
    const { rows } = await pageUsers(db, caller.tenantId, query, { offset: 0, limit: EXPORT_MAX_ROWS });
    const tr = (key: string) => translate(lang, key);
    const columns: XlsxColumn<UserRow>[] = [
      { header: tr('users.colAccount'), value: (r) => r.account },
      { header: tr('users.colUsername'), value: (r) => r.username },
      { header: tr('users.colNickname'), value: (r) => r.nickname },
      { header: tr('users.colGender'), value: (r) => (r.gender ? tr(`users.${r.gender}`) : '') },
      { header: tr('users.colPhone'), value: (r) => r.phone },
      { header: tr('users.colEmail'), value: (r) => r.email, width: 26 },
      {
        header: tr('users.colRoles'),
        value: (r) => (r.roles.length ? r.roles.map((role) => role.roleName).join(', ') : tr('users.noRole')),
        width: 26,
      },
      { header: tr('users.colStatus'), value: (r) => tr(r.status ? 'users.enabled' : 'users.disabled') },
      { header: tr('users.colLastLogin'), value: (r) => r.lastLoginTime, width: 26 },
    ];
    return buildXlsx(tr('users.sheet'), columns, await withRoles(caller.tenantId, rows));
  }

  return {
    homeData,
    changePassword,
    page,
    roleOptions,
    create,
    update,
    setStatus,
    resetPassword,
    remove,
    exportXlsx,
  };
}

/** The caller acting on its own account (in its own tenant). */
function isSelf(caller: AuthContext, userId: number): boolean {
  return caller.userId === userId && caller.tenantId === caller.homeTenantId;
}

function profileOf(input: ProfileInput): UserProfile {
  return {
    username: input.username,
    nickname: input.nickname ?? null,
    idNumber: input.idNumber ?? null,
    gender: input.gender ?? null,
    birthday: input.birthday ?? null,
    height: input.height ?? null,
    age: input.age ?? null,
    phone: input.phone ?? null,
    email: input.email ?? null,
    userType: input.userType ?? 1,
  };
}

function toRow(user: UserRecord, roles: UserRole[]): UserRow {
  return {
    userId: user.id,
    account: user.account,
    username: user.username,
    nickname: user.nickname,
    idNumber: user.idNumber,
    gender: user.gender === 'male' || user.gender === 'female' ? user.gender : null,
    birthday: user.birthday,
    height: user.height === null ? null : Number(user.height),
    age: user.age,
    phone: user.phone,
    email: user.email,
    userType: user.userType,
    status: user.status,
    roles,
    lastLoginTime: user.lastLoginAt?.toISOString() ?? null,
    createTime: user.createdAt.toISOString(),
  };
}
