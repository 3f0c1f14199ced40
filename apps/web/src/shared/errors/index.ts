export {
  MAX_ERRORS,
  addError,
  addRequestError,
  clearErrors,
  errorsToCsv,
  getErrors,
  installErrorCapture,
  subscribeErrors,
  useErrorLog,
} from './error-store';
export type { ErrorColumns, ErrorRecord, ErrorType } from './error-store';
