/** The loginList page. */
export function LoginLogsPage() {
  return null;
}
