import { expect, test, type Page } from '@playwright/test';
import type { Fleet, SimRobot } from '@patrol/robot-sim';
import { ADMIN, answerDialog, openFromMenu, signIn, startE2eFleet } from './support.js';

/**
 * What the alarm flows need of a simulated robot: raise a gun (asks to fire the net gun) or a
 * sentiment alarm with its image, and count the net-gun fires it carried out (one per valid
 * fire authorisation).
 */
type AlarmRobot = SimRobot & { raiseAlarm(kind: 'gun' | 'sentiment'): unknown; readonly fires: number };

let fleet: Fleet;
const robot = (index: number) => fleet.robots[index] as AlarmRobot;

test.beforeAll(async () => {
  fleet = await startE2eFleet({
    robots: 2,
    prefix: 'ALM',
    speed: 12,
    telemetryMs: 1000,
    eventChance: 0,
    uploadChance: 0,
  });
});
test.afterAll(async () => {
  // Leave the tenant as it was: the robot pages count the whole tenant's fleet.
  await fleet?.stop();
  await fleet?.remove();
});

const gunPopup = (page: Page) => page.getByRole('alertdialog', { name: '网枪告警：请求开网枪' });
const sentimentPopup = (page: Page) => page.getByRole('alertdialog', { name: '舆情告警' });
/** The confirmation an action opens (antd's confirm dialog), by its question. */
const confirmation = (page: Page, question: string) => page.getByRole('dialog').filter({ hasText: question });
/** The newest row of a list for a robot (the lists open newest first). */
const newestRow = (page: Page, serial: string) =>
  page.locator('.ant-table-row:visible').filter({ hasText: serial }).first();

test('a gun alarm pops up in every console; allow fires the net gun once and both consoles see the decision', async ({
  page,
  browser,
}) => {
  await signIn(page, ADMIN.account, ADMIN.password);
  // A second console of the same operator, in its own browser.
  const other = await browser.newContext();
  const second = await other.newPage();
  await signIn(second, ADMIN.account, ADMIN.password);
  await openFromMenu(second, '数据中心', '网枪记录');

  robot(0).raiseAlarm('gun');
  const popup = gunPopup(page);
  await expect(popup).toBeVisible({ timeout: 15_000 });
  await expect(popup).toContainText('ALM-0001');
  await expect(popup.getByRole('img', { name: /告警图片/ })).toBeVisible();
  await expect(gunPopup(second)).toBeVisible();
  // Said to screen readers as well.
  await expect(page.getByTestId('announcer-assertive')).toContainText('ALM-0001');

  await popup.getByRole('button', { name: '允许' }).click();
  const confirm = confirmation(page, '确定允许该机器人开网枪吗？');
  await expect(confirm).toContainText('ALM-0001');
  await answerDialog(confirm, '允许');
  await expect(popup).toBeHidden();
  await expect.poll(() => robot(0).fires, { timeout: 20_000 }).toBe(1);

  // The other console: its popup goes, its list shows the decision.
  await expect(gunPopup(second)).toBeHidden();
  await second.reload();
  await expect(newestRow(second, 'ALM-0001').locator('[data-decision]')).toHaveAttribute('data-decision', 'allowed');

  // The record shows the command and its replies.
  await openFromMenu(page, '数据中心', '网枪记录');
  const row = newestRow(page, 'ALM-0001');
  await expect(row.locator('[data-decision]')).toHaveAttribute('data-decision', 'allowed');
  await row.getByRole('button', { name: /详情/ }).click();
  const drawer = page.getByRole('dialog', { name: /告警详情/ });
  const commands = drawer.getByRole('table', { name: '下发的指令及回复' });
  const command = commands.locator('.ant-table-row').filter({ hasText: '网枪许可' });
  await expect(command.locator('[data-command-status]')).toHaveAttribute('data-command-status', 'done', {
    timeout: 20_000,
  });
  await expect(command.locator('[data-code="0"]')).toHaveCount(2);
  // Decided once: no decision buttons any more, and the robot fired once only.
  await expect(drawer.getByRole('button', { name: '允许' })).toHaveCount(0);
  expect(robot(0).fires).toBe(1);
  await other.close();
});

test('a sentiment alarm\'s "no deal" sends ret 4 to the robot', async ({ page }) => {
  await signIn(page, ADMIN.account, ADMIN.password);
  robot(1).raiseAlarm('sentiment');
  const popup = sentimentPopup(page);
  await expect(popup).toBeVisible({ timeout: 15_000 });
  await expect(popup).toContainText('ALM-0002');
  await popup.getByRole('button', { name: '不处理' }).click();
  await answerDialog(confirmation(page, '确定忽略该舆情告警吗？'), '不处理');
  await expect(popup).toBeHidden();

  await openFromMenu(page, '数据中心', '告警处置记录');
  const row = newestRow(page, 'ALM-0002');
  await row.getByRole('button', { name: /详情/ }).click();
  const drawer = page.getByRole('dialog', { name: /告警详情/ });
  await expect(drawer.getByRole('table', { name: '下发的指令及回复' })).toContainText('舆情处理结果 (ret 4)');
  await expect.poll(() => robot(1).received.some((c) => c.name === 'sentimentDecision' && c.args.ret === 4)).toBe(true);
});

test('disposal operations move an alarm to complete', async ({ page }) => {
  await signIn(page, ADMIN.account, ADMIN.password);
  robot(1).raiseAlarm('sentiment');
  await expect(sentimentPopup(page)).toBeVisible({ timeout: 15_000 });
  await sentimentPopup(page).getByRole('button', { name: '详情' }).click();
  await expect(page).toHaveURL(/#\/data\/alarmHandling\?alarmId=\d+/);
  const drawer = page.getByRole('dialog', { name: /告警详情/ });

  await drawer.getByRole('button', { name: '处置', exact: true }).click();
  await expect(drawer.locator('[data-operation-entry="dispose"]')).toBeVisible();
  // Voice talk opens the live announcement page (its own test is the voice area's).
  await expect(drawer.getByRole('button', { name: '语音对讲巡检' })).toBeEnabled();

  await drawer.getByRole('button', { name: '处置完成' }).click();
  await answerDialog(confirmation(page, '确定结束该告警的处置吗？'), '处置完成');
  await expect(drawer.getByText('该告警已处置完成，不能再操作。')).toBeVisible();
  await expect(drawer.locator('[data-operation-entry="complete"]')).toBeVisible();
  await drawer.getByRole('button', { name: '关闭详情' }).click();
  await expect(newestRow(page, 'ALM-0002').locator('[data-status]')).toHaveAttribute('data-status', 'complete');
});

test('muting gun alarms for 30 s suppresses the next one', async ({ page }) => {
  await signIn(page, ADMIN.account, ADMIN.password);
  robot(0).raiseAlarm('gun');
  const popup = gunPopup(page);
  await expect(popup).toBeVisible({ timeout: 15_000 });
  await popup.getByRole('button', { name: '静音' }).click();
  await popup.getByRole('radio', { name: '30 秒' }).check();
  await popup.getByRole('button', { name: '确定' }).click();
  await expect(popup).toBeHidden();
  expect(Number(await page.evaluate(() => localStorage.getItem('warningMuteUntil')))).toBeGreaterThan(Date.now());

  // The next gun alarm is recorded, and shows no popup.
  await openFromMenu(page, '数据中心', '网枪记录');
  const rows = page.locator('.ant-table-row:visible').filter({ hasText: 'ALM-0001' });
  // The list has loaded (it holds at least the alarm just muted) before it is counted.
  await expect(rows.first()).toBeVisible();
  const before = await rows.count();
  robot(0).raiseAlarm('gun');
  await expect(rows).toHaveCount(before + 1, { timeout: 15_000 });
  await expect(gunPopup(page)).toHaveCount(0);
  // Sentiment alarms are not muted.
  robot(1).raiseAlarm('sentiment');
  await expect(sentimentPopup(page)).toBeVisible({ timeout: 15_000 });
});
