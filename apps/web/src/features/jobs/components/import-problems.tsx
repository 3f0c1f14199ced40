import { Modal, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '@/shared/i18n';

/** A bad row of a path import: its number (0 for the whole file) and what is wrong, ready to show. */
export type ImportRowProblem = { row: number; message: string };

type Props = {
  problems: ImportRowProblem[] | null;
  onClose: () => void;
};

/** Why a path import was refused: one line per bad row (its number, the problem); nothing was imported. */
export function ImportProblems({ problems, onClose }: Props) {
  const { t } = useTranslation('jobs');
  const count = (problems ?? []).length;
  return (
    <Modal
      open={problems !== null}
      title={translateMessage('jobs.importFailed', { count })}
      onCancel={onClose}
      onOk={onClose}
      cancelButtonProps={{ style: { display: 'none' } }}
      width={680}
      styles={{ body: { maxHeight: '60vh', overflow: 'auto' } }}
    >
      <Table<ImportRowProblem & { key: number }>
        size="small"
        pagination={false}
        aria-label={t('importProblems')}
        rowKey="key"
        dataSource={(problems ?? []).map((p, key) => ({ ...p, key }))}
        columns={[
          {
            title: t('problem.row'),
            dataIndex: 'row',
            width: 110,
            render: (row: number) => (row <= 0 ? t('problem.wholeFile') : row),
          },
          { title: t('problem.message'), dataIndex: 'message' },
        ]}
      />
    </Modal>
  );
}
