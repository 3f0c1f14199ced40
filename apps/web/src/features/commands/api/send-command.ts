import { commandsApi, type CommandRecord, type SendCommandRequest } from '@patrol/contracts';
import { call } from '@/shared/api';

/** Sends a command; the answer is its record with status `sent`, and progress follows on the socket. */
export function sendCommand(body: SendCommandRequest): Promise<CommandRecord> {
  return call(commandsApi.sendRobotCommand, { body });
}

export const recentCommandsKey = (robotId: number) => ['commands', 'recent', robotId] as const;

/** The robot's latest commands, newest first, for the control page's progress list. */
export async function fetchRecentCommands(robotId: number, signal?: AbortSignal): Promise<CommandRecord[]> {
  const page = await call(commandsApi.pageCommandRecords, { query: { robotId, index: 1, size: 10 } }, { signal });
  return page.rows;
}
