import { expect, test } from '@playwright/test';
import type { Fleet } from '@patrol/robot-sim';
import { ADMIN, signIn, startE2eFleet } from './support.js';

const ROBOTS = 3;
let fleet: Fleet;

test.beforeAll(async () => {
  fleet = await startE2eFleet({
    robots: ROBOTS,
    prefix: 'FST',
    speed: 12,
    telemetryMs: 500,
    eventChance: 0,
    uploadChance: 0,
  });
});
test.afterAll(async () => {
  // Leave the tenant as it was: the robot pages count the whole tenant's fleet.
  await fleet?.stop();
  await fleet?.remove();
});

const commandsOf = (name: string) => fleet.robots.map((r) => r.received.filter((c) => c.name === name).length);

test('stop all robots from the header: every console of the tenant shows it, resume brings the control back', async ({
  page,
  browser,
}) => {
  await signIn(page, ADMIN.account, ADMIN.password);
  // Another console of the same tenant, in its own browser context.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signIn(otherPage, ADMIN.account, ADMIN.password);

  const stop = page.getByRole('button', { name: '全部机器人停止', exact: true });
  await expect(stop).toBeVisible();
  await stop.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('停止全部机器人？');
  await dialog.getByRole('button', { name: '全部停止' }).click();

  // Every online robot got the stop, once.
  await expect.poll(() => commandsOf('fleetStop')).toEqual(Array(ROBOTS).fill(1));
  // The label comes from the server's status, the count from the robots reporting `stopped`.
  const resumeLabel = `全部恢复（${ROBOTS} 台已停止）`;
  const resume = page.getByRole('button', { name: resumeLabel, exact: true });
  await expect(resume).toBeVisible({ timeout: 15_000 });
  await expect(otherPage.getByRole('button', { name: resumeLabel, exact: true })).toBeVisible();

  await resume.click();
  await expect(dialog).toContainText('恢复全部机器人？');
  await dialog.getByRole('button', { name: '全部恢复' }).click();
  await expect.poll(() => commandsOf('fleetResume')).toEqual(Array(ROBOTS).fill(1));
  await expect(stop).toBeVisible({ timeout: 15_000 });
  await expect(otherPage.getByRole('button', { name: '全部机器人停止', exact: true })).toBeVisible();
  await other.close();
});
