import {
  EXPOSE_TOKEN_TTL_MS,
  type ExposeRow,
  type ExposeTokenResponse,
  type LoginResponse,
  type Page,
  type ExposeSortColumn,
  type SortRequest,
} from '@patrol/contracts';
import { STATUS } from '../../db/columns.js';
import type { AuthContext } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, conflictOn, notFound, tooManyRequests, unauthorized } from '../../platform/errors.js';
import { pageWindow } from '../../platform/paging.js';
import { hashPassword, verifyDummyPassword, verifyPassword } from '../../platform/passwords.js';
import { createToken, hashToken, type AuthService } from '../auth/auth.service.js';
import { findTenant } from '../tenants/tenants.shared.js';
import { findUser, findUserByAccount } from '../users/users.shared.js';
import {
  deleteExposeAccount,
  findExposeAccount,
  findExposeAccountByName,
  insertExposeAccount,
  insertExposeToken,
  pageExposeAccounts,
  updateExposeAccount,
  useExposeToken,
  type ExposeAccountRow,
} from './expose.repository.js';

type Meta = { ip: string | null; userAgent: string | null };

/**
 * Third-party (expose) accounts of a tenant and the external access they open: the account and its
 * connection password buy a one-time token for one console user of the tenant, and the
 * external-login page trades that token for a session flagged external.
 */
export function createExposeService(ctx: AppContext, auth: AuthService) {
  const { db, config } = ctx;

  async function accountOf(caller: AuthContext, exposeId: number): Promise<ExposeAccountRow> {
    const row = await findExposeAccount(db, caller.tenantId, exposeId);
    if (!row) throw notFound();
    return row;
  }

  async function page(
    caller: AuthContext,
    query: { index: number; size?: number | undefined; keyword?: string | undefined } & SortRequest<ExposeSortColumn>,
  ): Promise<Page<ExposeRow>> {
    const { rows, total } = await pageExposeAccounts(db, caller.tenantId, query.keyword, query, pageWindow(query));
    return { rows: rows.map(toRow), total };
  }

  async function create(caller: AuthContext, input: { name: string; account: string; password: string }) {
    if (await findExposeAccountByName(db, caller.tenantId, input.account)) {
      throw conflictOn('account', 'expose.accountTaken');
    }
    const row = await insertExposeAccount(db, caller.tenantId, {
      name: input.name,
      account: input.account,
      passwordHash: await hashPassword(input.password, config.scryptLogN),
    });
    return toRow(row);
  }

  async function update(caller: AuthContext, input: { exposeId: number; name: string; password?: string | undefined }) {
    await accountOf(caller, input.exposeId);
    await updateExposeAccount(db, caller.tenantId, input.exposeId, {
      name: input.name,
      ...(input.password ? { passwordHash: await hashPassword(input.password, config.scryptLogN) } : {}),
    });
  }

  async function setStatus(caller: AuthContext, exposeId: number, status: number) {
    await accountOf(caller, exposeId);
    await updateExposeAccount(db, caller.tenantId, exposeId, { status });
  }

  async function remove(caller: AuthContext, exposeId: number) {
    await accountOf(caller, exposeId);
    await deleteExposeAccount(db, caller.tenantId, exposeId);
  }

  /**
   * A one-time token for `userAccount`, bought with the expose account's connection password. Every
   * refusal (unknown tenant, account or user, wrong password, anything disabled) is the same 401,
   * after the same hashing work, so the answer tells a guesser nothing. The connection password is
   * checked under the same limits as a sign-in password (`auth.gate`), per expose account and
   * address: unknown accounts are counted the same way.
   */
  async function issueToken(
    input: {
      tenantId: number;
      account: string;
      password: string;
      userAccount: string;
    },
    meta: Pick<Meta, 'ip'>,
  ): Promise<ExposeTokenResponse> {
    const refused = () => new AppError(401, 'expose.credentialsInvalid');
    const checked = await auth.gate('expose', `${input.tenantId}:${input.account}`, meta.ip);
    if (checked.locked) throw tooManyRequests('errors.secretLocked', { minutes: checked.minutes });
    const tenant = await findTenant(db, input.tenantId);
    const expose = tenant ? await findExposeAccountByName(db, tenant.id, input.account) : undefined;
    if (!tenant || !expose) {
      await verifyDummyPassword(input.password, config.scryptLogN);
      throw refused();
    }
    const passwordOk = await verifyPassword(input.password, expose.passwordHash);
    if (passwordOk) await checked.passed();
    const user = await findUserByAccount(db, tenant.id, input.userAccount);
    const usable =
      passwordOk &&
      !!user &&
      tenant.status === STATUS.enabled &&
      expose.status === STATUS.enabled &&
      user.status === STATUS.enabled;
    if (!usable || !user) throw refused();

    const token = createToken();
    const expiresAt = new Date(Date.now() + EXPOSE_TOKEN_TTL_MS);
    await insertExposeToken(db, tenant.id, {
      tokenHash: hashToken(token),
      exposeAccountId: expose.id,
      userId: user.id,
      expiresAt,
    });
    return {
      token,
      expiresAt: expiresAt.toISOString(),
      loginPath: `/#/external-login?token=${encodeURIComponent(token)}&tenantId=${tenant.id}`,
    };
  }

  /**
   * The external-login page's call: an unknown or disabled tenant answers 404 (failed to get tenant
   * information), a token that is unknown, of another tenant, expired or used answers 401
   * (verification failed); otherwise the token is used up and a session flagged external starts.
   */
  async function externalLogin(input: { token: string; tenantId: number }, meta: Meta): Promise<LoginResponse> {
    const tenant = await findTenant(db, input.tenantId);
    if (!tenant || tenant.status !== STATUS.enabled) throw notFound('errors.tenantInfoFailed');
    // Tokens are random, so there is no account to guess at: only the address is limited.
    const checked = await auth.gate('external', String(tenant.id), meta.ip, { perAddressOnly: true });
    if (checked.locked) throw tooManyRequests('errors.tooManyRequests');
    const used = await useExposeToken(db, tenant.id, hashToken(input.token), new Date());
    if (!used) throw unauthorized('errors.verifyFailed');
    await checked.passed();
    const [expose, user] = await Promise.all([
      findExposeAccount(db, tenant.id, used.exposeAccountId),
      findUser(db, tenant.id, used.userId),
    ]);
    if (!expose || expose.status !== STATUS.enabled || !user) throw unauthorized('errors.verifyFailed');
    return auth.externalLogin(user, tenant, meta);
  }

  return { page, create, update, setStatus, remove, issueToken, externalLogin };
}

function toRow(row: ExposeAccountRow): ExposeRow {
  return {
    exposeId: row.id,
    name: row.name,
    account: row.account,
    status: row.status,
    createTime: row.createdAt.toISOString(),
    updateTime: row.updatedAt.toISOString(),
  };
}
