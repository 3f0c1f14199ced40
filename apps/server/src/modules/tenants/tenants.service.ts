import {
  PLATFORM_MENUS,
  PLATFORM_TENANT_ID,
  TENANT_ADMIN_ROLE_CODE,
  translate,
  type CreateTenantRequest,
  type Language,
  type Page,
  type SortRequest,
  type TenantSortColumn,
  type TenantOption,
  type TenantRow,
} from '@patrol/contracts';
import { STATUS } from '../../db/columns.js';
import type { AuthContext } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, conflictOn, forbidden, notFound } from '../../platform/errors.js';
import { EXPORT_MAX_ROWS, pageWindow } from '../../platform/paging.js';
import { hashPassword } from '../../platform/passwords.js';
import { buildXlsx, type XlsxColumn } from '../../platform/xlsx.js';
import type { AuthService } from '../auth/auth.service.js';
import { listAllMenus } from '../menus/menus.service.js';
import { listAllResources } from '../resources/resources.service.js';
import { assignRoles, ensureRole, grantMenus, grantResources } from '../roles/roles.shared.js';
import { findSignInCandidates, insertUser } from '../users/users.shared.js';
import {
  enabledTenants,
  findTenant,
  findTenantByCode,
  insertTenant,
  pageTenants,
  setTenantStatus,
  updateTenant,
  type TenantFilter,
} from './tenants.repository.js';

type Paged = { index: number; size?: number | undefined };
type Sorted = SortRequest<TenantSortColumn>;
type CreateInput = Omit<CreateTenantRequest, 'status'> & { status?: 0 | 1 | undefined };
type UpdateInput = {
  tenantId: number;
  tenantName: string;
  adminPhone: string;
  adminName: string;
  adminEmail: string;
  remark?: string | undefined;
  timeZone?: string | undefined;
  videoStreamUrl?: string | undefined;
  videoHistoryUrl?: string | undefined;
  videoFileUrl?: string | undefined;
  dashboard3d?: boolean | undefined;
};

/**
 * The tenants of the platform. Every function is for platform administrators (the routes are of
 * `platform` access, checked again here, so a future caller cannot forget it).
 */
export function createTenantsService(ctx: AppContext, auth: AuthService) {
  const { db } = ctx;

  function assertPlatform(caller: AuthContext) {
    if (!caller.platformAdmin) throw forbidden();
  }

  async function page(caller: AuthContext, query: TenantFilter & Sorted & Paged): Promise<Page<TenantRow>> {
    assertPlatform(caller);
    const { rows, total } = await pageTenants(db, query, pageWindow(query));
    return { rows: rows.map(toRow), total };
  }

  async function options(caller: AuthContext): Promise<TenantOption[]> {
    assertPlatform(caller);
    return enabledTenants(db, STATUS.enabled);
  }

  /**
   * A tenant with its administrator: the tenant row, the role `tenantAdmin` holding every menu and
   * every grantable resource except the platform's own, and the administrator's account holding
   * that role, all or nothing. The account must be free in every tenant, so that its holder can
   * sign in without naming the tenant.
   */
  async function create(caller: AuthContext, input: CreateInput, lang: Language): Promise<TenantRow> {
    assertPlatform(caller);
    if (await findTenantByCode(db, input.tenantCode)) throw conflictOn('tenantCode', 'tenants.codeTaken');
    if ((await findSignInCandidates(db, input.adminAccount, 1)).length > 0) {
      throw conflictOn('adminAccount', 'tenants.accountTaken');
    }
    const passwordHash = await hashPassword(input.adminPassword, ctx.config.scryptLogN);
    const [menus, resources] = await Promise.all([listAllMenus(db), listAllResources(db)]);
    const platformMenus = new Set<string>(PLATFORM_MENUS);
    const menuIds = menus.filter((m) => !platformMenus.has(m.name)).map((m) => m.id);
    const resourceIds = resources.filter((r) => r.access === 'grant').map((r) => r.id);

    const tenant = await db.transaction(async (tx) => {
      const row = await insertTenant(tx, {
        code: input.tenantCode,
        name: input.tenantName,
        status: input.status ?? STATUS.enabled,
        adminPhone: input.adminPhone,
        adminAccount: input.adminAccount,
        adminName: input.adminName,
        adminEmail: input.adminEmail,
        remark: input.remark || null,
        ...(input.timeZone ? { timeZone: input.timeZone } : {}),
        ...videoTemplates(input),
        ...dashboardFlag(input),
      });
      const { role } = await ensureRole(tx, row.id, {
        name: translate(lang, 'tenants.adminRoleName'),
        code: TENANT_ADMIN_ROLE_CODE,
      });
      await grantMenus(tx, row.id, role.id, menuIds);
      await grantResources(tx, row.id, role.id, resourceIds);
      const admin = await insertUser(tx, row.id, {
        account: input.adminAccount,
        username: input.adminName,
        passwordHash,
        phone: input.adminPhone,
        email: input.adminEmail,
      });
      await assignRoles(tx, row.id, admin.id, [role.id]);
      return row;
    });
    await ctx.bus.publish('users.changed', { tenantId: tenant.id });
    return toRow({ tenant, userCount: 1 });
  }

  async function update(caller: AuthContext, input: UpdateInput): Promise<void> {
    assertPlatform(caller);
    if (!(await findTenant(db, input.tenantId))) throw notFound();
    await updateTenant(db, input.tenantId, {
      name: input.tenantName,
      adminPhone: input.adminPhone,
      adminName: input.adminName,
      adminEmail: input.adminEmail,
      remark: input.remark || null,
      ...(input.timeZone ? { timeZone: input.timeZone } : {}),
      ...videoTemplates(input),
      ...dashboardFlag(input),
    });
    await ctx.bus.publish('access.changed', {});
  }

  /** Disabling a tenant ends the sessions of all its users at once; the platform tenant stays enabled. */
  async function setStatus(caller: AuthContext, tenantId: number, status: number): Promise<void> {
    assertPlatform(caller);
    if (!(await findTenant(db, tenantId))) throw notFound();
    if (tenantId === PLATFORM_TENANT_ID && status !== STATUS.enabled) {
      throw new AppError(409, 'tenants.platformLocked');
    }
    await setTenantStatus(db, tenantId, status);
    await ctx.bus.publish('access.changed', {});
    // Robots follow their tenant: a disabled tenant's robots are disconnected and their messages dropped.
    await ctx.bus.publish('tenants.status', { tenantId, enabled: status === STATUS.enabled });
    if (status !== STATUS.enabled) await auth.revokeAll(tenantId);
  }

  async function exportXlsx(caller: AuthContext, query: TenantFilter & Sorted, lang: Language): Promise<Buffer> {
    assertPlatform(caller);
    const { rows } = await pageTenants(db, query, { offset: 0, limit: EXPORT_MAX_ROWS });
    const tr = (key: string) => translate(lang, key);
    const columns: XlsxColumn<TenantRow>[] = [
      { header: tr('tenants.colCode'), value: (r) => r.tenantCode },
      { header: tr('tenants.colName'), value: (r) => r.tenantName, width: 28 },
      { header: tr('tenants.colStatus'), value: (r) => tr(r.status ? 'tenants.enabled' : 'tenants.disabled') },
      { header: tr('tenants.colAdminAccount'), value: (r) => r.adminAccount },
      { header: tr('tenants.colAdminName'), value: (r) => r.adminName },
      { header: tr('tenants.colAdminPhone'), value: (r) => r.adminPhone },
      { header: tr('tenants.colAdminEmail'), value: (r) => r.adminEmail, width: 28 },
      { header: tr('tenants.colDashboard3d'), value: (r) => tr(r.dashboard3d ? 'tenants.on' : 'tenants.off') },
      { header: tr('tenants.colUsers'), value: (r) => r.userCount },
      { header: tr('tenants.colCreated'), value: (r) => r.createTime, width: 26 },
    ];
    return buildXlsx(tr('tenants.sheet'), columns, rows.map(toRow));
  }

  return { page, options, create, update, setStatus, exportXlsx };
}

/** The video URL templates the request names (empty: not configured); those it leaves out stay as they are. */
function videoTemplates(input: {
  videoStreamUrl?: string | undefined;
  videoHistoryUrl?: string | undefined;
  videoFileUrl?: string | undefined;
}) {
  return {
    ...(input.videoStreamUrl === undefined ? {} : { videoStreamUrl: input.videoStreamUrl }),
    ...(input.videoHistoryUrl === undefined ? {} : { videoHistoryUrl: input.videoHistoryUrl }),
    ...(input.videoFileUrl === undefined ? {} : { videoFileUrl: input.videoFileUrl }),
  };
}

/** The 3D dashboard flag as stored (0/1) when the request names it; unchanged when it leaves it out. */
function dashboardFlag(input: { dashboard3d?: boolean | undefined }) {
  return input.dashboard3d === undefined ? {} : { dashboard3d: input.dashboard3d ? 1 : 0 };
}

function toRow({
  tenant,
  userCount,
}: {
  tenant: Awaited<ReturnType<typeof insertTenant>>;
  userCount: number;
}): TenantRow {
  return {
    tenantId: tenant.id,
    tenantCode: tenant.code,
    tenantName: tenant.name,
    status: tenant.status,
    adminPhone: tenant.adminPhone,
    adminAccount: tenant.adminAccount,
    adminName: tenant.adminName,
    adminEmail: tenant.adminEmail,
    remark: tenant.remark,
    timeZone: tenant.timeZone,
    videoStreamUrl: tenant.videoStreamUrl,
    videoHistoryUrl: tenant.videoHistoryUrl,
    videoFileUrl: tenant.videoFileUrl,
    dashboard3d: tenant.dashboard3d === 1,
    userCount: Number(userCount),
    platform: tenant.id === PLATFORM_TENANT_ID,
    createTime: tenant.createdAt.toISOString(),
  };
}
