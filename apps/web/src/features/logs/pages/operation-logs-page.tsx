/** The operationList page. */
export function OperationLogsPage() {
  return null;
}
