import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Card, Collapse, Dropdown, Empty, Pagination, Spin, Tooltip, Typography } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { NOTICE_PAGE_SIZE } from '@patrol/contracts';
import type { Notice } from '@patrol/contracts';
import { noticesKey, useNoticePage } from '../api/get-notice-page';
import { markAllNoticesRead, useUnreadCount } from '../api/mark-all-notices-read';
import { useNoticePush } from '../hooks/use-notice-push';
import './message-center.css';

function formatTime(value: string): string {
  const time = dayjs(value);
  return time.isValid() ? time.format('YYYY-MM-DD HH:mm:ss') : value;
}

function noticeItems(rows: Notice[], unread: string) {
  return rows.map((notice) => ({
    key: String(notice.noticeId),
    label: (
      <div className="message-center__label">
        <span className="message-center__title">
          {!notice.read && <Badge status="processing" title={unread} />}
          {notice.title}
        </span>
        <Typography.Text type="secondary" className="message-center__time">
          {formatTime(notice.createTime)}
        </Typography.Text>
      </div>
    ),
    children: <div className="message-center__content">{notice.content}</div>,
  }));
}

/**
 * The header's bell with my unread count: my notices 15 a page in an accordion, all marked read at
 * once on request; a dot when one arrived live and none is counted yet.
 */
export function MessageCenter() {
  const { t } = useTranslation('notices');
  const [open, setOpen] = useState(false);
  const [page, setPage] = useState(1);
  const [fresh, setFresh] = useState(false);
  const queryClient = useQueryClient();
  const notices = useNoticePage(page, open);
  const unread = useUnreadCount().data ?? 0;
  useNoticePush(() => setFresh(true));

  const markAll = useMutation({
    mutationFn: () => markAllNoticesRead(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: noticesKey }),
  });
  const handleMarkAll = () => markAll.mutate();

  const handleOpenChange = (next: boolean) => {
    setOpen(next);
    if (next) setFresh(false);
  };

  const rows = notices.data?.rows ?? [];
  const panel = (
    <Card
      className="message-center"
      size="small"
      title={t('title')}
      extra={
        <Button size="small" type="link" disabled={unread === 0} loading={markAll.isPending} onClick={handleMarkAll}>
          {t('markAllRead')}
        </Button>
      }
      data-testid="message-center-panel"
      styles={{ body: { padding: 0 } }}
    >
      <Spin spinning={notices.isFetching}>
        <div className="message-center__list">
          {rows.length > 0 ? (
            <Collapse accordion ghost items={noticeItems(rows, t('unread'))} />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} style={{ padding: '24px 0' }} />
          )}
        </div>
      </Spin>
      {(notices.data?.total ?? 0) > NOTICE_PAGE_SIZE && (
        <div className="message-center__pager">
          <Pagination
            size="small"
            simple
            current={page}
            pageSize={NOTICE_PAGE_SIZE}
            total={notices.data?.total ?? 0}
            onChange={setPage}
            showSizeChanger={false}
          />
        </div>
      )}
    </Card>
  );

  return (
    <Dropdown open={open} onOpenChange={handleOpenChange} trigger={['click']} popupRender={() => panel}>
      {/* The tooltip would cover the panel's own title while it is open. */}
      <Tooltip title={fresh ? t('newArrived') : t('title')} open={open ? false : undefined}>
        <Badge count={unread} dot={fresh && unread === 0} offset={[-6, 6]} size="small" data-testid="unread-count">
          <Button
            type="text"
            icon={<BellOutlined />}
            aria-label={unread > 0 ? t('titleUnread', { count: unread }) : t('title')}
            data-testid="message-center"
          />
        </Badge>
      </Tooltip>
    </Dropdown>
  );
}
