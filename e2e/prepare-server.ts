// Prepares the database of the end-to-end server: a fresh embedded database in DATA_DIR, migrated
// and seeded by the server's own code, plus a tenant "e2e" with an operator whose role holds only a
// few menus (so a console route outside its menu can be tried).
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import { pino } from 'pino';
import { loadConfig } from '../apps/server/src/platform/config.js';
import { openDatabase } from '../apps/server/src/platform/db.js';
import { hashPassword, sha256Hex } from '../apps/server/src/platform/passwords.js';
import { seed } from '../apps/server/src/seed.js';
import { menus } from '../apps/server/src/modules/menus/menus.tables.js';
import { assignRoles, ensureRole, grantMenus } from '../apps/server/src/modules/roles/roles.repository.js';
import { insertTenant } from '../apps/server/src/modules/tenants/tenants.repository.js';
import { insertUser } from '../apps/server/src/modules/users/users.repository.js';
import { findConfigs, updateConfigValue } from '../apps/server/src/modules/configs/configs.repository.js';
import { withSitePlan, writeSitePlan } from '../apps/robot-sim/src/site-map.js';

/** The menus of the operator's role: a branch of the data area and the robot list. */
export const OPERATOR_MENUS = ['data', 'position', 'history', 'robot', 'list'];

const config = loadConfig();
if (config.databaseUrl) throw new Error('the end-to-end server runs on its own embedded database: unset DATABASE_URL');
const account = process.env.E2E_OPERATOR_ACCOUNT ?? 'operator';
const password = process.env.E2E_OPERATOR_PASSWORD ?? 'Operator1x';

await rm(config.dataDir, { recursive: true, force: true });
const database = await openDatabase({ databaseUrl: null, pgliteDir: path.join(config.dataDir, 'pglite') });
try {
  await database.migrate();
  await seed(database.db, {
    adminPassword: config.adminPassword,
    dataDir: config.dataDir,
    scryptLogN: config.scryptLogN,
    log: pino({ level: 'warn' }),
  });
  const db = database.db;
  const tenant = await insertTenant(db, { code: 'e2e', name: '巡检一部', adminAccount: account });
  const { role } = await ensureRole(db, tenant.id, { name: '值班员', code: 'operator' });
  const rows = await db.select({ id: menus.id }).from(menus).where(inArray(menus.name, OPERATOR_MENUS));
  await grantMenus(
    db,
    tenant.id,
    role.id,
    rows.map((r) => r.id),
  );
  const user = await insertUser(db, tenant.id, {
    account,
    username: 'Operator',
    passwordHash: await hashPassword(sha256Hex(password), config.scryptLogN),
  });
  await assignRoles(db, tenant.id, user.id, [role.id]);
  // The generated site plan of the simulator's patrol area, the map's first base layer: the map
  // shows a site with no internet.
  await writeSitePlan(config.dataDir);
  const [leaflet] = await findConfigs(db, ['leafletConfig']);
  await updateConfigValue(db, 'leafletConfig', withSitePlan(leaflet?.value ?? null));
} finally {
  await database.close();
}
