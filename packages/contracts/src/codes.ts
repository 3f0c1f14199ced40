// The envelope's codes, kept free of schemas: the console's api client reads them on every call.

export const SUCCESS_CODE = 200;

/** Error codes the API answers with; the HTTP status mirrors them. */
export const ERROR_CODES = {
  badRequest: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  validation: 422,
  tooManyRequests: 429,
  server: 500,
  unavailable: 503,
} as const;
export type ErrorCodeName = keyof typeof ERROR_CODES;
