import { useState } from 'react';
import { Modal, Select, Typography } from 'antd';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { queryClient } from '@/shared/api';
import { assignRobotStation, fetchStations, refreshRobots } from '../api/robots-api';

type Props = {
  /** The robots to assign; the dialog is open while there are some. */
  robotIds: number[] | null;
  onClose: () => void;
  onAssigned: () => void;
};

const NONE = 0;

/** Puts the selected robots into a station (they get its fences), or takes them out of theirs. */
export function AssignStationModal({ robotIds, onClose, onAssigned }: Props) {
  const { t } = useTranslation('robots');
  const open = robotIds !== null;
  const stations = useQuery({
    queryKey: ['stations', 'all'],
    queryFn: ({ signal }) => fetchStations(signal),
    enabled: open,
  });
  const [stationId, setStationId] = useState<number | undefined>();
  // Each opening starts with no station chosen.
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    setStationId(undefined);
  }
  const assign = useMutation({
    mutationFn: async () => {
      await assignRobotStation(robotIds ?? [], stationId === NONE ? null : (stationId ?? null));
      // The robots show their station; the stations their robot counts.
      await Promise.all([refreshRobots(), queryClient.invalidateQueries({ queryKey: ['stations'] })]);
    },
    onSuccess: () => {
      onAssigned();
      onClose();
    },
  });
  return (
    <Modal
      open={open}
      title={t('station.title', { count: robotIds?.length ?? 0 })}
      onCancel={onClose}
      onOk={() => assign.mutate()}
      okButtonProps={{ disabled: stationId === undefined }}
      confirmLoading={assign.isPending}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('station.hint')}</Typography.Paragraph>
      <label htmlFor="assign-station" style={{ display: 'block', marginBottom: 8 }}>
        {t('fields.station')}
      </label>
      <Select
        id="assign-station"
        style={{ width: '100%' }}
        placeholder={t('station.choose')}
        loading={stations.isLoading}
        value={stationId}
        onChange={(value: number) => setStationId(value)}
        options={[
          { value: NONE, label: t('station.none') },
          ...(stations.data ?? []).map((s) => ({ value: s.stationId, label: s.name })),
        ]}
      />
    </Modal>
  );
}
