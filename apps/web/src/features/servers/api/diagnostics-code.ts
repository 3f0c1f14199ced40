import { diagnosticsApi, type DiagnosticsCodeStatus, type SetDiagnosticsCodeRequest } from '@patrol/contracts';
import { call, queryClient } from '@/shared/api';

export const diagnosticsCodeKey = ['servers', 'diagnostics-code'] as const;

/** GET whether the diagnostics code is set, by whom and until when. */
export function fetchDiagnosticsCode(signal?: AbortSignal): Promise<DiagnosticsCodeStatus> {
  return call(diagnosticsApi.getDiagnosticsCode, {}, { signal });
}

/** POST a new diagnostics code (it replaces the one before). */
export async function setDiagnosticsCode(body: SetDiagnosticsCodeRequest): Promise<DiagnosticsCodeStatus> {
  const status = await call(diagnosticsApi.setDiagnosticsCode, { body });
  queryClient.setQueryData(diagnosticsCodeKey, status);
  return status;
}

/** POST: the diagnostics page opens for nobody until a new code is set. */
export async function clearDiagnosticsCode(): Promise<void> {
  await call(diagnosticsApi.clearDiagnosticsCode, {});
  await queryClient.invalidateQueries({ queryKey: diagnosticsCodeKey });
}
