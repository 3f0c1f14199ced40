import { beforeEach, describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import type { RobotLive } from '@patrol/contracts';
import { i18n } from '@/shared/i18n';
import { RobotList } from '../components/robot-list';

const robot = (robotId: number, name: string, stoppedForRepair: boolean): RobotLive => ({
  robotId,
  serialNumber: `SIM-${robotId}`,
  name,
  online: true,
  lastSeenTime: null,
  stoppedForRepair,
  state: null,
});

describe('live robot list', () => {
  beforeEach(() => i18n.changeLanguage('en-US'));

  it('says which robots are stopped for repair, in words beside their presence', () => {
    render(
      <RobotList
        label="Robots"
        empty="None"
        robots={[robot(1, 'Alpha', true), robot(2, 'Bravo', false)]}
        selectedId={null}
        onSelect={() => {}}
        height={200}
      />,
    );
    const [alpha, bravo] = within(screen.getByRole('listbox', { name: 'Robots' })).getAllByRole('option');
    expect(within(alpha!).getByText('Stopped for repair')).toBeTruthy();
    expect(within(alpha!).getByText('Online')).toBeTruthy();
    expect(within(bravo!).queryByText('Stopped for repair')).toBeNull();
  });
});
