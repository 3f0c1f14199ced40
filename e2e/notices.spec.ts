import { expect, test } from '@playwright/test';
import { ADMIN, dropdownsSettled, signIn } from './support.js';

test('a published notice arrives live as a system message and is listed in the message center', async ({ page }) => {
  await signIn(page, ADMIN.account, ADMIN.password);
  await expect(page.getByTestId('link-status')).toHaveAttribute('data-status', 'open');

  const title = `巡检通知 ${Date.now()}`;
  const content = '今晚 22:00 起 3 号区域暂停巡检。';
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const res = await page.request.post('/api/notice-server/notice/publish', {
    headers: { authorization: `Bearer ${token}`, 'tenant-id': '1' },
    data: { title, content },
  });
  expect(res.status()).toBe(200);

  // Pushed over the socket: an info notice titled "system message".
  const notification = page.locator('.ant-notification-notice');
  await expect(notification.getByText('系统消息')).toBeVisible();
  await expect(notification.getByText(title)).toBeVisible();
  await notification.getByRole('button', { name: '关闭' }).click();
  await expect(notification).toBeHidden();

  // Listed in the message center; the accordion shows its content.
  await page.getByTestId('message-center').click();
  const panel = page.getByTestId('message-center-panel');
  await expect(panel.getByText(title)).toBeVisible();
  // Clicked once the panel is in place (and again if a click still went astray).
  await expect(async () => {
    await dropdownsSettled(page);
    if (!(await panel.getByText(content).isVisible())) await panel.getByText(title).click();
    await expect(panel.getByText(content)).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 20_000 });

  // The bell counts the unread notices; "mark all read" clears the count.
  await expect(page.getByTestId('unread-count').locator('.ant-badge-count')).toBeVisible();
  await expect(page.getByRole('button', { name: /消息中心（\d+ 条未读）/ })).toBeVisible();
  await panel.getByRole('button', { name: '全部标为已读' }).click();
  await expect(page.getByTestId('unread-count').locator('.ant-badge-count')).toHaveCount(0);
  await expect(page.getByRole('button', { name: '消息中心', exact: true })).toBeVisible();
});
