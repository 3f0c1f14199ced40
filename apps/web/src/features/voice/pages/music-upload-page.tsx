import { useRef, useState } from 'react';
import { App, Button, Card, Flex, Form, Input, List, Modal, Progress, Space, Typography, Upload } from 'antd';
import { CloseOutlined, EditOutlined, InboxOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { renameAudioFileRequest, type AudioFileRow } from '@patrol/contracts';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/shared/api';
import { ContractField } from '@/shared/form/contract-field';
import {
  DeleteAction,
  ListTable,
  RowActions,
  SearchBar,
  formatTime,
  useListQuery,
  type ListColumn,
} from '@/shared/list';
import { useMenuTitle } from '@/shared/menu';
import { PageTitle, SectionTitle, announce } from '@/shared/ui';
import {
  deleteAudioFile,
  fetchAudioFileUrl,
  fetchFilePage,
  filesKey,
  refreshFiles,
  renameAudioFile,
  uploadAudioFile,
  type FileFilters,
  type FileSortColumn,
} from '../api/voice-api';
import { formatDuration, formatMegabytes } from '../format';
import { admitFile, type Refusal } from '../upload-rules';

type UploadItem = {
  uid: string;
  name: string;
  size: number;
  /** Content key in the list (SHA-256, or name and size). */
  key: string | null;
  status: 'uploading' | 'done' | 'refused' | 'failed' | 'cancelled';
  percent: number;
  /** What the list says of it: a text key (translated when drawn, so it follows the language) or the server's own words. */
  note: { key: UploadNoteKey; name: string } | { text: string } | null;
  abort: AbortController | null;
};
type UploadNoteKey = 'upload.existing' | 'upload.done' | 'upload.failed' | 'upload.cancelled' | Refusal;

let nextUid = 0;

/**
 * Audio files (`/voice/MusicUpload`): MP3 uploads with progress and cancel (refused before sending
 * when not MP3 by content, larger than 50 MB, or already in the list), and the tenant's files with
 * preview, rename and delete.
 */
export function MusicUploadPage() {
  const { t } = useTranslation('voice');
  const { message, modal } = App.useApp();
  const title = useMenuTitle('MusicUpload') ?? t('upload.title');
  // The list as last set, for checks made between renders (two files dropped together).
  const itemsRef = useRef<UploadItem[]>([]);
  const [items, setList] = useState<UploadItem[]>([]);
  const setItems = (update: (current: UploadItem[]) => UploadItem[]) => {
    itemsRef.current = update(itemsRef.current);
    setList(itemsRef.current);
  };
  const [searchForm] = Form.useForm<FileFilters>();
  const list = useListQuery<FileFilters, AudioFileRow, FileSortColumn>({
    key: [...filesKey, 'page'],
    fetch: fetchFilePage,
    initialFilters: {},
  });
  const [preview, setPreview] = useState<{ name: string; url: string } | null>(null);
  const [renaming, setRenaming] = useState<AudioFileRow | null>(null);
  const [renameForm] = Form.useForm<{ fileId: number; name: string }>();
  const [renameBusy, setRenameBusy] = useState(false);

  const patch = (uid: string, change: Partial<UploadItem>) =>
    setItems((current) => current.map((item) => (item.uid === uid ? { ...item, ...change } : item)));

  const taken = () =>
    new Set(
      itemsRef.current
        .filter((item) => item.key && (item.status === 'uploading' || item.status === 'done'))
        .map((item) => item.key!),
    );

  const add = async (file: File) => {
    const uid = `u${(nextUid += 1)}`;
    const base: UploadItem = {
      uid,
      name: file.name,
      size: file.size,
      key: null,
      status: 'uploading',
      percent: 0,
      note: null,
      abort: null,
    };
    const admitted = await admitFile(file, taken);
    if ('refusal' in admitted) {
      const text = t(admitted.refusal, { name: file.name });
      setItems((current) => [
        ...current,
        { ...base, status: 'refused', note: { key: admitted.refusal, name: file.name } },
      ]);
      announce(text, 'assertive');
      return;
    }
    const abort = new AbortController();
    const item = { ...base, key: admitted.key, abort };
    setItems((current) => [...current, item]);
    try {
      const result = await uploadAudioFile(file, (progress) => patch(uid, { percent: progress.percent }), abort.signal);
      if (abort.signal.aborted) return;
      const key = result.existing ? 'upload.existing' : 'upload.done';
      const text = t(key, { name: result.file.name });
      patch(uid, { status: 'done', percent: 100, note: { key, name: result.file.name }, abort: null });
      if (result.existing) message.info(text);
      else message.success(text);
      announce(text);
      await refreshFiles();
    } catch (error) {
      if (abort.signal.aborted) return;
      const text = isApiError(error) ? error.message : t('upload.failed');
      patch(uid, {
        status: 'failed',
        note: isApiError(error) ? { text } : { key: 'upload.failed', name: file.name },
        abort: null,
      });
      announce(text, 'assertive');
    }
  };

  const cancel = (item: UploadItem) => {
    item.abort?.abort();
    patch(item.uid, { status: 'cancelled', note: { key: 'upload.cancelled', name: item.name }, abort: null });
    announce(t('upload.cancelled'));
  };

  const openPreview = async (row: AudioFileRow) => {
    try {
      const { url } = await fetchAudioFileUrl(row.fileId);
      setPreview({ name: row.name, url });
    } catch (error) {
      message.error(isApiError(error) ? error.message : String(error));
    }
  };

  const handleDelete = async (row: AudioFileRow) => {
    try {
      await deleteAudioFile(row.fileId);
    } catch (error) {
      // The refusal names the robots that play the file.
      modal.error({
        title: t('files.deleteRefused', { name: row.name }),
        content: isApiError(error) ? error.message : '',
      });
      return;
    }
    await refreshFiles();
    message.success(t('files.deleted'));
  };

  const submitRename = async () => {
    const values = await renameForm.validateFields();
    setRenameBusy(true);
    try {
      await renameAudioFile(values.fileId, values.name);
      setRenaming(null);
      await refreshFiles();
      message.success(t('files.renamed'));
    } catch (error) {
      const text = isApiError(error) ? (error.fields[0]?.message ?? error.message) : String(error);
      renameForm.setFields([{ name: 'name', errors: [text] }]);
    } finally {
      setRenameBusy(false);
    }
  };

  const columns: ListColumn<AudioFileRow>[] = [
    { title: t('files.name'), dataIndex: 'name', sorter: true, ellipsis: true, width: 220 },
    { title: t('files.duration'), dataIndex: 'durationMs', sorter: true, width: 100, render: formatDuration },
    {
      title: t('files.bitrate'),
      dataIndex: 'bitrate',
      width: 110,
      align: 'right',
      render: (kbps: number) => t('files.kbps', { value: kbps }),
    },
    {
      title: t('files.size'),
      dataIndex: 'size',
      sorter: true,
      width: 100,
      align: 'right',
      render: (bytes: number) => t('files.megabytes', { value: formatMegabytes(bytes) }),
    },
    { title: t('files.uploader'), dataIndex: 'uploaderName', ellipsis: true, width: 120 },
    { title: t('files.uploadTime'), dataIndex: 'uploadTime', sorter: true, width: 170, render: formatTime },
    {
      title: t('files.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, row) => (
        <RowActions>
          <Button type="link" size="small" icon={<PlayCircleOutlined />} onClick={() => void openPreview(row)}>
            {t('files.preview')}
          </Button>
          <Button
            type="link"
            size="small"
            icon={<EditOutlined />}
            onClick={() => {
              renameForm.setFieldsValue({ fileId: row.fileId, name: row.name });
              setRenaming(row);
            }}
          >
            {t('files.rename')}
          </Button>
          <DeleteAction title={t('files.deleteConfirm', { name: row.name })} onConfirm={() => handleDelete(row)} />
        </RowActions>
      ),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <Card variant="borderless">
        <PageTitle style={{ marginBottom: 12 }}>{title}</PageTitle>
        <Upload.Dragger
          multiple
          accept=".mp3,audio/mpeg"
          showUploadList={false}
          beforeUpload={(file) => {
            void add(file);
            return false;
          }}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{t('upload.hint')}</p>
          <p className="ant-upload-hint">{t('upload.rules')}</p>
        </Upload.Dragger>
        {items.length > 0 ? (
          <List
            aria-label={t('upload.listLabel')}
            style={{ marginTop: 12 }}
            dataSource={items}
            renderItem={(item) => (
              <List.Item
                data-testid="voice-upload-item"
                actions={
                  item.status === 'uploading'
                    ? [
                        <Button
                          key="cancel"
                          size="small"
                          icon={<CloseOutlined />}
                          onClick={() => cancel(item)}
                          aria-label={t('upload.cancelFile', { name: item.name })}
                        >
                          {t('upload.cancel')}
                        </Button>,
                      ]
                    : []
                }
              >
                <Space orientation="vertical" style={{ width: '100%' }} size={2}>
                  <Typography.Text strong>
                    {item.name} · {t('files.megabytes', { value: formatMegabytes(item.size) })}
                  </Typography.Text>
                  {item.status === 'uploading' ? (
                    <Progress
                      percent={item.percent}
                      size="small"
                      aria-label={t('upload.progress', { name: item.name })}
                    />
                  ) : (
                    <Typography.Text
                      type={item.status === 'done' ? 'success' : item.status === 'cancelled' ? 'secondary' : 'danger'}
                    >
                      {item.note && 'text' in item.note
                        ? item.note.text
                        : item.note
                          ? t(item.note.key, { name: item.note.name })
                          : null}
                    </Typography.Text>
                  )}
                </Space>
              </List.Item>
            )}
          />
        ) : null}
      </Card>
      <Card variant="borderless">
        <SectionTitle id="voice-files-title" style={{ marginBottom: 12 }}>
          {t('files.title')}
        </SectionTitle>
        <SearchBar<FileFilters> form={searchForm} onSearch={list.search} onReset={list.reset}>
          <Form.Item name="keyword" label={t('files.keyword')}>
            <Input allowClear placeholder={t('files.keywordPlaceholder')} style={{ width: 200 }} />
          </Form.Item>
        </SearchBar>
        <ListTable<AudioFileRow>
          rowKey="fileId"
          columns={columns}
          aria-labelledby="voice-files-title"
          {...list.tableProps}
        />
      </Card>
      <Modal
        open={preview !== null}
        title={t('files.previewTitle', { name: preview?.name ?? '' })}
        footer={null}
        destroyOnHidden
        onCancel={() => setPreview(null)}
      >
        {preview ? <audio controls autoPlay src={preview.url} style={{ width: '100%' }} /> : null}
      </Modal>
      <Modal
        open={renaming !== null}
        title={t('files.renameTitle')}
        confirmLoading={renameBusy}
        onOk={() => void submitRename().catch(() => undefined)}
        onCancel={() => setRenaming(null)}
        destroyOnHidden
      >
        <Form form={renameForm} layout="vertical" preserve={false}>
          <Form.Item name="fileId" hidden>
            <Input />
          </Form.Item>
          <ContractField schema={renameAudioFileRequest} name="name" label={t('files.name')}>
            <Input />
          </ContractField>
        </Form>
      </Modal>
    </Flex>
  );
}
