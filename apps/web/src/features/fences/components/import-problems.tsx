import { Modal, Table } from 'antd';
import type { ImportProblem } from '@patrol/contracts';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '@/shared/i18n';

type Props = {
  problems: ImportProblem[] | null;
  onClose: () => void;
};

/** Why an import was refused: one row per feature (its number from 1, its name, the problem); nothing was imported. */
export function ImportProblems({ problems, onClose }: Props) {
  const { t } = useTranslation('fences');
  const count = new Set((problems ?? []).map((p) => p.index)).size;
  return (
    <Modal
      open={problems !== null}
      title={translateMessage('fences.importFailed', { count })}
      onCancel={onClose}
      onOk={onClose}
      cancelButtonProps={{ style: { display: 'none' } }}
      width={680}
    >
      <Table<ImportProblem & { row: number }>
        size="small"
        pagination={false}
        aria-label={t('importProblems')}
        rowKey="row"
        dataSource={(problems ?? []).map((p, row) => ({ ...p, row }))}
        columns={[
          {
            title: t('problem.index'),
            dataIndex: 'index',
            width: 90,
            render: (index: number) => (index < 0 ? t('problem.wholeFile') : index + 1),
          },
          { title: t('problem.name'), dataIndex: 'name', width: 180, render: (name: string | null) => name ?? '—' },
          {
            title: t('problem.message'),
            key: 'message',
            render: (_, p) => translateMessage(p.key, p.params ?? {}),
          },
        ]}
      />
    </Modal>
  );
}
