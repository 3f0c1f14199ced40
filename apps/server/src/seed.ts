import { chmod, mkdir, open, rename, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import {
  ADMIN_ACCOUNT,
  ADMIN_ROLE_CODE,
  MENU_TREE,
  menuNames,
  newPassword,
  PLATFORM_TENANT_ID,
  SEEDED_TEXTS,
  type MenuSeed,
} from '@patrol/contracts';
import { eq, inArray, sql } from 'drizzle-orm';
import { STARTUP_LOCK_KEY, type Db, type DbOrTx } from './platform/db.js';
import { generatePassword, hashPassword, sha256Hex } from './platform/passwords.js';
import { DEFAULT_CONFIGS } from './modules/configs/configs.service.js';
import { insertMissingConfigs } from './modules/configs/configs.repository.js';
import { ensureMenu, menuIdsByName } from './modules/menus/menus.repository.js';
import { assignRoles, ensureRole, grantMenus } from './modules/roles/roles.repository.js';
import { configs } from './modules/configs/configs.tables.js';
import { menus } from './modules/menus/menus.tables.js';
import { roles } from './modules/roles/roles.tables.js';
import { tenants } from './modules/tenants/tenants.tables.js';
import { users } from './modules/users/users.tables.js';
import { inTenant } from './platform/tenant-scope.js';
import { findUserByAccount, insertUser, updatePasswordHash } from './modules/users/users.repository.js';

/** Where the tests and the scripts have long found it. */
export { ADMIN_ACCOUNT };
export const INITIAL_PASSWORD_FILE = 'initial-admin-password';

export type SeedOptions = {
  /** From PATROL_ADMIN_PASSWORD; used only when the administrator is created. */
  adminPassword: string | null;
  /** Where the generated password is written; null writes no file (in-memory tests). */
  dataDir: string | null;
  scryptLogN: number;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  /**
   * The password file sits beside the database (the embedded one in DATA_DIR): a missing file while
   * nobody has signed in as the administrator means a new password. Not on PostgreSQL, where each
   * instance has its own DATA_DIR and a second instance would replace the first one's password.
   */
  recoverPassword?: boolean;
  /** Runs once the administrator's row is committed, before anything else (tests stop the process there). */
  afterAdminCommitted?: () => Promise<void> | void;
};

export type SeedResult = {
  /** Set when this run created the administrator with a generated password. */
  generatedPassword: string | null;
  adminCreated: boolean;
};

/**
 * First-start data, safe to run on every start: only what is missing is inserted (the platform
 * tenant, the menu tree, the role `admin`, the console settings, the first administrator), and
 * nothing an operator changed is written again. Instances starting together take turns.
 */
export async function seed(db: Db, options: SeedOptions): Promise<SeedResult> {
  // A seeded database (every start after the first): one read, no lock, no transaction.
  const admin = await seededAdministrator(db);
  if (admin && (admin.lastLoginAt || options.adminPassword || !options.dataDir || !options.recoverPassword)) {
    return NOTHING_CREATED;
  }
  if (admin && (await exists(path.join(options.dataDir!, INITIAL_PASSWORD_FILE)))) return NOTHING_CREATED;
  const result = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${STARTUP_LOCK_KEY})`);
    await ensurePlatformTenant(tx);

    const { role: admin } = await ensureRole(tx, PLATFORM_TENANT_ID, {
      // Seeded in one language; the console shows each reader theirs while nobody renames it.
      name: SEEDED_TEXTS.roleName[ADMIN_ROLE_CODE]['zh-CN'],
      code: ADMIN_ROLE_CODE,
      remark: SEEDED_TEXTS.roleRemark[ADMIN_ROLE_CODE]['en-US'],
    });
    const newMenus = await seedMenus(tx, MENU_TREE, null, await menuIdsByName(tx));
    await grantMenus(tx, PLATFORM_TENANT_ID, admin.id, newMenus);
    await insertMissingConfigs(tx, DEFAULT_CONFIGS);

    const existing = await findUserByAccount(tx, PLATFORM_TENANT_ID, ADMIN_ACCOUNT);
    if (existing) {
      // Nobody has signed in as the administrator and its password is nowhere to be read (a start
      // stopped between the commit and the file by an older version, or the file removed): a new
      // one, written down before it is committed, so the console never ends without a known admin.
      if (existing.lastLoginAt || options.adminPassword || !options.dataDir || !options.recoverPassword) {
        return NOTHING_CREATED;
      }
      if (await exists(path.join(options.dataDir, INITIAL_PASSWORD_FILE))) return NOTHING_CREATED;
      const generated = generatePassword();
      const hash = await hashPassword(sha256Hex(generated), options.scryptLogN);
      await updatePasswordHash(tx, PLATFORM_TENANT_ID, existing.id, hash);
      await writePasswordFile(options.dataDir, generated);
      return { generatedPassword: generated, adminCreated: false };
    }
    const generated = options.adminPassword ? null : generatePassword();
    const password = options.adminPassword ?? generated!;
    const user = await insertUser(tx, PLATFORM_TENANT_ID, {
      account: ADMIN_ACCOUNT,
      username: SEEDED_TEXTS.userName[ADMIN_ACCOUNT]['en-US'],
      passwordHash: await hashPassword(sha256Hex(password), options.scryptLogN),
    });
    await assignRoles(tx, PLATFORM_TENANT_ID, user.id, [admin.id]);
    // On the disk before the row commits: a start killed at any point leaves either no
    // administrator (the next start creates one) or one whose password is in the file.
    if (generated && options.dataDir) await writePasswordFile(options.dataDir, generated);
    return { generatedPassword: generated, adminCreated: true };
  });
  if (result.generatedPassword || result.adminCreated) await options.afterAdminCommitted?.();

  if (result.adminCreated && options.adminPassword && !newPassword.safeParse(options.adminPassword).success) {
    options.log.warn('PATROL_ADMIN_PASSWORD does not satisfy the console password rule; change it after signing in');
  }
  if (result.generatedPassword) {
    const where = options.dataDir ? ` (also written to ${path.join(options.dataDir, INITIAL_PASSWORD_FILE)})` : '';
    // Shown once, on purpose: there is no default password to look up anywhere else.
    options.log.info(
      `${result.adminCreated ? 'initial administrator created' : 'initial administrator never signed in and its password file is missing: new password'}: account "${ADMIN_ACCOUNT}", password "${result.generatedPassword}"${where}; change it after signing in`,
    );
  } else if (result.adminCreated) {
    options.log.info(
      `initial administrator created: account "${ADMIN_ACCOUNT}" with the password from PATROL_ADMIN_PASSWORD`,
    );
  }
  return result;
}

const NOTHING_CREATED: SeedResult = { generatedPassword: null, adminCreated: false };

/**
 * The administrator (when it signed in last) when every row the seed adds is there: the platform
 * tenant, the role admin, each menu of the tree, each console setting and the administrator. Null
 * when anything is missing, and the seed has something to add. One query.
 */
async function seededAdministrator(db: Db): Promise<{ lastLoginAt: Date | null } | null> {
  const names = [...new Set(menuNames(MENU_TREE))];
  const keys = DEFAULT_CONFIGS.map((c) => c.key);
  const [admin] = await db
    .select({
      lastLoginAt: users.lastLoginAt,
      complete: sql<boolean>`exists (select 1 from ${tenants} where ${eq(tenants.id, PLATFORM_TENANT_ID)})
        and exists (select 1 from ${roles} where ${inTenant(roles, PLATFORM_TENANT_ID, eq(roles.code, ADMIN_ROLE_CODE))})
        and (select count(distinct ${menus.name}) from ${menus} where ${inArray(menus.name, names)}) = ${names.length}
        and (select count(*) from ${configs} where ${inArray(configs.key, keys)}) = ${keys.length}`,
    })
    .from(users)
    .where(inTenant(users, PLATFORM_TENANT_ID, eq(users.account, ADMIN_ACCOUNT)))
    .limit(1);
  return admin?.complete ? { lastLoginAt: admin.lastLoginAt } : null;
}

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

/**
 * Writes the generated password to `<dataDir>/initial-admin-password`, owner-only, and makes it
 * durable (the file through a temporary name and a rename, both flushed) before it returns.
 */
async function writePasswordFile(dataDir: string, password: string): Promise<void> {
  await mkdir(dataDir, { recursive: true });
  const file = path.join(dataDir, INITIAL_PASSWORD_FILE);
  const temporary = `${file}.tmp`;
  const handle = await open(temporary, 'w', 0o600);
  try {
    await handle.writeFile(`${password}\n`);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await chmod(temporary, 0o600);
  await rename(temporary, file);
  const folder = await open(dataDir, 'r');
  try {
    await folder.sync();
  } finally {
    await folder.close();
  }
}

async function ensurePlatformTenant(tx: DbOrTx): Promise<void> {
  const [existing] = await tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, PLATFORM_TENANT_ID));
  if (existing) return;
  await tx
    .insert(tenants)
    .values({
      id: PLATFORM_TENANT_ID,
      code: 'platform',
      name: SEEDED_TEXTS.tenantName.platform['zh-CN'],
      adminAccount: ADMIN_ACCOUNT,
    })
    .onConflictDoNothing();
  // The id was given explicitly, so move the identity past it for the next tenants.
  await tx.execute(
    sql`select setval(pg_get_serial_sequence('tenants', 'id'), greatest((select max(id) from tenants), 1))`,
  );
}

/** Inserts the menus not yet present (by route name), depth first; returns the ids of the new ones. */
/** Adds the menus of `tree` that `known` (id by name) lacks; answers the ids it added. */
async function seedMenus(
  tx: DbOrTx,
  tree: MenuSeed[],
  parentId: number | null,
  known: Map<string, number>,
): Promise<number[]> {
  const created: number[] = [];
  for (const [index, item] of tree.entries()) {
    const id = known.get(item.name);
    const menu =
      id !== undefined
        ? { id, created: false }
        : await ensureMenu(tx, {
            parentId,
            name: item.name,
            path: item.path,
            icon: item.icon ?? null,
            sort: (index + 1) * 10,
            showFlag: item.showFlag ?? 1,
            nameZhCn: item.titles['zh-CN'],
            nameZhTw: item.titles['zh-TW'],
            nameEnUs: item.titles['en-US'],
          });
    if (menu.created) created.push(menu.id);
    if (item.children) created.push(...(await seedMenus(tx, item.children, menu.id, known)));
  }
  return created;
}
