import type { HomeData, Language, UpdatePasswordRequest } from '@patrol/contracts';
import type { AuthContext } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { notFound, unauthorized } from '../../platform/errors.js';
import { hashPassword, verifyPassword } from '../../platform/passwords.js';
import type { AuthService } from '../auth/auth.service.js';
import { menuTreeOfUser } from '../menus/menus.service.js';
import { findTenant } from '../tenants/tenants.repository.js';
import { findUser, updatePasswordHash } from './users.repository.js';

export type PasswordChange =
  | { changed: true }
  | { changed: false; reason: 'errors.oldPasswordWrong' | 'errors.samePassword' };

export function createUsersService(ctx: AppContext, auth: AuthService) {
  const { db } = ctx;

  /** The caller's menu tree (their roles' menus, titles in `lang`) and who they are in the acting tenant. */
  async function homeData(caller: AuthContext, lang: Language): Promise<HomeData> {
    const [menu, tenant] = await Promise.all([
      menuTreeOfUser(db, caller.homeTenantId, caller.userId, lang),
      findTenant(db, caller.tenantId),
    ]);
    if (!tenant) throw notFound();
    return {
      menu,
      loginUser: {
        userId: caller.userId,
        account: caller.account,
        username: caller.username,
        tenantId: tenant.id,
        tenantName: tenant.name,
        platformAdmin: caller.platformAdmin,
        roles: caller.roles,
      },
    };
  }

  /**
   * Changes the caller's own password. Both values are SHA-256 digests, so the server cannot check
   * the password rule (the console does); it checks the old password and refuses reuse. On success
   * every other session of the user ends; the current one stays.
   */
  async function changePassword(caller: AuthContext, input: Required<UpdatePasswordRequest>): Promise<PasswordChange> {
    const user = await findUser(db, caller.homeTenantId, caller.userId);
    if (!user) throw unauthorized();
    if (!(await verifyPassword(input.oldPwd, user.passwordHash))) {
      return { changed: false, reason: 'errors.oldPasswordWrong' };
    }
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

  return { homeData, changePassword };
}
