import { memo, useState } from 'react';
import { Empty } from 'antd';
import type { RobotLive } from '@patrol/contracts';
import { PresenceTag, StoppedForRepairTag } from '@/shared/fleet';
import { ColorDot, robotColor } from '@/shared/map';

/** Height of one row; the list draws only the rows in view (plus a few), so 500 robots cost ~10 rows. */
export const ROW_HEIGHT = 36;
const OVERSCAN = 4;

type RowProps = { robot: RobotLive; selected: boolean; onSelect: (robotId: number) => void; top: number };

/**
 * One robot of the list. Memoised: pushes keep an unchanged robot's object (structural sharing),
 * so only the rows whose robot changed render again.
 */
const RobotRow = memo(function RobotRow({ robot, selected, onSelect, top }: RowProps) {
  return (
    <div
      role="option"
      aria-selected={selected}
      tabIndex={-1}
      data-robot={robot.serialNumber}
      onClick={() => onSelect(robot.robotId)}
      style={{
        position: 'absolute',
        top,
        left: 0,
        right: 0,
        height: ROW_HEIGHT,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        cursor: 'pointer',
        paddingInline: 8,
        borderBottom: '1px solid rgba(5,5,5,0.06)',
        background: selected ? 'rgba(22,119,255,0.08)' : undefined,
      }}
    >
      <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
        <ColorDot color={robotColor(robot)} />
        {robot.name}
      </span>
      <span style={{ flex: 'none' }}>
        <StoppedForRepairTag stopped={robot.stoppedForRepair} />
        <PresenceTag online={robot.online} unknown={robot.presenceUnknown} />
      </span>
    </div>
  );
});

type Props = {
  label: string;
  empty: string;
  robots: RobotLive[];
  selectedId: number | null;
  onSelect: (robotId: number) => void;
  height: number;
};

/** The robots as a virtual list box: arrow keys move the selection, only visible rows render. */
export function RobotList({ label, empty, robots, selectedId, onSelect, height }: Props) {
  const [scrollTop, setScrollTop] = useState(0);
  if (robots.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />;
  const first = Math.max(0, Math.floor(scrollTop / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(robots.length, Math.ceil((scrollTop + height) / ROW_HEIGHT) + OVERSCAN);
  const index = robots.findIndex((r) => r.robotId === selectedId);
  const handleKey = (event: React.KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    const next = Math.min(robots.length - 1, Math.max(0, index + (event.key === 'ArrowDown' ? 1 : -1)));
    onSelect(robots[next]!.robotId);
    const top = next * ROW_HEIGHT;
    const box = event.currentTarget;
    if (top < box.scrollTop) box.scrollTop = top;
    else if (top + ROW_HEIGHT > box.scrollTop + height) box.scrollTop = top + ROW_HEIGHT - height;
  };
  return (
    <div
      role="listbox"
      aria-label={label}
      tabIndex={0}
      onKeyDown={handleKey}
      onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
      style={{ height, overflow: 'auto', position: 'relative', marginBottom: 12 }}
    >
      <div style={{ height: robots.length * ROW_HEIGHT, position: 'relative' }}>
        {robots.slice(first, last).map((robot, i) => (
          <RobotRow
            key={robot.robotId}
            robot={robot}
            top={(first + i) * ROW_HEIGHT}
            selected={robot.robotId === selectedId}
            onSelect={onSelect}
          />
        ))}
      </div>
    </div>
  );
}
