import { diagnosticsApi, type DiagnosticsReport } from '@patrol/contracts';
import { call } from '@/shared/api';

export const diagnosticsKey = ['diagnostics'] as const;

/**
 * GET the diagnostics for the code of the /debug URL. Silent: a refused code is the page's to
 * handle (it goes to the no-permission page), never a message or the end of the session.
 */
export function fetchDiagnostics(code: string, signal?: AbortSignal): Promise<DiagnosticsReport> {
  return call(diagnosticsApi.getDiagnostics, { query: { code } }, { signal, silent: true });
}
