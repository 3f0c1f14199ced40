import type { CommandRecord, Page, SendCommandRequest } from '@patrol/contracts';
import { get, postJson } from '@/shared/api';

export const SEND_COMMAND_PATH = 'robot-server/cmd/send';

/** Sends a command; the answer is its record with status `sent`, and progress follows on the socket. */
export function sendCommand(body: SendCommandRequest): Promise<CommandRecord> {
  return postJson<CommandRecord>(SEND_COMMAND_PATH, body);
}

export const recentCommandsKey = (robotId: number) => ['commands', 'recent', robotId] as const;

/** The robot's latest commands, newest first, for the control page's progress list. */
export async function fetchRecentCommands(robotId: number, signal?: AbortSignal): Promise<CommandRecord[]> {
  const page = await get<Page<CommandRecord>>('robot-server/cmd/page', {
    query: { robotId, index: 1, size: 10 },
    signal,
  });
  return page.rows;
}
