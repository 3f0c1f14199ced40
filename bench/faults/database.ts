// 2. The database black-holed, then refused, through a TCP proxy (PostgreSQL only): requests answer
// 503 "database unavailable" within the deadline (DB_TIMEOUT_MS), the readiness probe 503; once the
// proxy forwards again requests succeed again without a restart, and no acknowledged write is lost.
import { startTcpProxy, type ProxyMode } from '@patrol/server/test/tcp-proxy.js';
import {
  checkWrites,
  Console,
  freshDatabase,
  QUICK,
  Report,
  sleep,
  start,
  until,
  Writer,
  type DatabaseKind,
} from './common.js';

const DB_TIMEOUT_MS = 1500;
/** What a request may take beyond the deadline (the answer's own way back, a busy machine). */
const SLACK_MS = 1000;
const UNAVAILABLE = 'The database is unavailable for now, please try again later';

export async function databaseLost(kind: DatabaseKind, report: Report): Promise<void> {
  if (kind !== 'postgres') return;
  const db = await freshDatabase(kind);
  const target = new URL(db.url!);
  const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  const server = await start({ ...db.env, DATABASE_URL: proxy.url(db.url!), DB_TIMEOUT_MS: String(DB_TIMEOUT_MS) });
  const api = new Console(server.url);
  await api.signIn();
  const prefix = `db-${process.pid}`;
  const writer = new Writer(prefix, () => api, 2);
  writer.start();
  try {
    for (const mode of ['blackhole', 'refuse'] as ProxyMode[]) {
      await sleep(QUICK ? 800 : 3000);
      proxy.setMode(mode);
      const outage = performance.now();
      const answers = await Promise.all([
        api.call('GET', '/robot-server/station/list'),
        api.call('POST', '/robot-server/station/create', {
          name: `probe-${process.pid}-${mode}`,
          area: [
            [1, 1],
            [1, 2],
            [2, 2],
          ],
        }),
        api.call('GET', '/robot-server/robot/page?index=1&size=10'),
        api.call('GET', '/health/ready'),
      ]);
      const ready = answers.pop()!;
      const slowest = Math.max(...answers.map((a) => a.ms), ready.ms);
      report.line(
        `${mode}: list, create, robots answered ${answers.map((a) => `${a.status} in ${a.ms.toFixed(0)} ms`).join(', ')} ` +
          `(deadline ${DB_TIMEOUT_MS} ms), ready ${ready.status} in ${ready.ms.toFixed(0)} ms`,
      );
      report.expect(
        answers.every((a) => a.status === 503 && a.message === UNAVAILABLE),
        `${mode}: requests answer 503 "${UNAVAILABLE}" (got ${answers.map((a) => `${a.status} "${a.message}"`).join(', ')})`,
      );
      report.expect(slowest <= DB_TIMEOUT_MS + SLACK_MS, `${mode}: every answer came within the deadline`);
      report.expect(ready.status === 503, `${mode}: /api/health/ready answers 503`);
      await sleep(QUICK ? 1000 : 5000);
      proxy.setMode('forward');
      const back = performance.now();
      const recovered = await until(async () => {
        const list = await api.call('GET', '/robot-server/station/list');
        const made = await api.call('POST', '/robot-server/station/create', {
          name: `probe-${process.pid}-after-${mode}-${Date.now()}`,
          area: [
            [3, 3],
            [3, 4],
            [4, 4],
          ],
        });
        const ok = await api.call('GET', '/health/ready');
        return list.status === 200 && made.status === 200 && ok.status === 200;
      }, 15_000);
      report.line(
        `${mode}: out for ${((back - outage) / 1000).toFixed(1)} s; requests and ready succeed again without a restart: ` +
          `${recovered} (after ${(performance.now() - back).toFixed(0)} ms)`,
      );
      report.expect(recovered, `${mode}: requests succeed again once the database is back, without a restart`);
    }
    await sleep(500);
    await writer.stop();
    report.writes(await checkWrites(api, writer, prefix), writer);
  } finally {
    await writer.stop();
    await server.stop();
    await proxy.close();
    await db.drop();
  }
}
