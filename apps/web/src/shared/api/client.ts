import { HEADERS, REQUEST_TIMEOUT_MS, SUCCESS_CODE } from '@patrol/contracts/plain';
import { addRequestError } from '../errors';
import { currentLanguage, translateMessage } from '../i18n';
import { getTenantId, getToken } from '../session';
import { ApiError } from './api-error';
import { handleUnauthorized } from './unauthorized';

/** Per-environment base address of the API (spec section 7); same origin `/api` by default. */
export const API_BASE: string = import.meta.env.VITE_API_BASE ?? '/api';

export type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue>;

export type RequestOptions = {
  query?: Query;
  /**
   * The caller shows the failure itself: the query cache shows nothing and a 401 does not end the
   * session (the login call answers 401 for a wrong password).
   */
  silent?: boolean;
  signal?: AbortSignal;
  /** Acts in this tenant (`tenant-id` header) instead of the stored one; the server checks it. */
  tenantId?: number;
};

export function apiUrl(path: string, query?: Query): string {
  const url = `${API_BASE}/${path.replace(/^\//, '')}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    params.append(key, value === null ? '' : String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

/** The headers of every call: token when present, language and tenant (spec section 7). */
export function requestHeaders(extra: Record<string, string> = {}, tenantId?: number): Record<string, string> {
  const headers: Record<string, string> = {
    [HEADERS.language]: currentLanguage(),
    [HEADERS.tenant]: String(tenantId ?? getTenantId()),
    ...extra,
  };
  const token = getToken();
  if (token) headers[HEADERS.authorization] = `Bearer ${token}`;
  return headers;
}

type EnvelopeA = { code: number; message?: string; data?: unknown; errors?: { path: string; message: string }[] };
type EnvelopeB = { state: number; msg?: string; message?: string; data?: unknown };

function isEnvelopeA(value: unknown): value is EnvelopeA {
  return typeof value === 'object' && value !== null && typeof (value as EnvelopeA).code === 'number';
}

function isEnvelopeB(value: unknown): value is EnvelopeB {
  return typeof value === 'object' && value !== null && typeof (value as EnvelopeB).state === 'number';
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Turns an HTTP answer into its `data`, or an ApiError (envelope A code, envelope B state, HTTP status). */
export function interpret(status: number, text: string): unknown {
  const body = parseJson(text);
  if (isEnvelopeA(body)) {
    if (body.code === SUCCESS_CODE) return body.data;
    const message = body.message || translateMessage('errors.server');
    throw new ApiError(
      body.code === 401 ? 'unauthorized' : 'http',
      body.code,
      message,
      Array.isArray(body.errors) ? body.errors : [],
    );
  }
  if (isEnvelopeB(body)) {
    if (body.state !== 0) return body.data;
    throw new ApiError('state', status, body.msg || body.message || translateMessage('errors.server'));
  }
  if (status === 401) throw new ApiError('unauthorized', 401, translateMessage('errors.unauthorized'));
  if (status < 200 || status >= 300) throw new ApiError('http', status, translateMessage('errors.server'));
  return body;
}

/**
 * Marks a failure as the caller's own when the call was silent, and ends the session on a 401
 * right away (whoever made the call). Showing the failure is left to the query cache (see
 * `reportError`), so that it is shown once, whether the call was a query or a mutation. Every
 * failed call of `path` goes to the error log as a request error (its path without the query,
 * which may carry a code).
 */
export function settle(error: ApiError, options: RequestOptions, path?: string): void {
  if (path !== undefined) addRequestError(error, `/${path.replace(/^\//, '')}`);
  if (options.silent) {
    error.silent = true;
    return;
  }
  if (error.kind === 'unauthorized') handleUnauthorized();
}

/** Runs `work` against the request time-out; `abort` is called when time runs out. */
function withTimeout<T>(work: Promise<T>, abort: () => void): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      abort();
      reject(new ApiError('timeout', 0, translateMessage('errors.timeout')));
    }, REQUEST_TIMEOUT_MS);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

async function request<T>(method: string, path: string, body: unknown, options: RequestOptions): Promise<T> {
  const controller = new AbortController();
  options.signal?.addEventListener('abort', () => controller.abort(options.signal?.reason), { once: true });
  const headers = requestHeaders(body === undefined ? {} : { 'content-type': 'application/json' }, options.tenantId);
  const work = (async () => {
    let response: Response;
    try {
      response = await fetch(apiUrl(path, options.query), {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        credentials: 'include',
        signal: controller.signal,
      });
    } catch (cause) {
      if (options.signal?.aborted) throw cause;
      throw new ApiError('network', 0, translateMessage('errors.networkError'));
    }
    return interpret(response.status, await response.text()) as T;
  })();
  try {
    return await withTimeout(work, () => controller.abort());
  } catch (error) {
    if (error instanceof ApiError) settle(error, options, path);
    throw error;
  }
}

export function get<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return request<T>('GET', path, undefined, options);
}

export function postJson<T>(path: string, body: unknown = {}, options: RequestOptions = {}): Promise<T> {
  return request<T>('POST', path, body, options);
}

export type UploadProgress = { loaded: number; total: number; percent: number };

/** POST multipart with upload progress (fetch cannot report it, XMLHttpRequest can). */
export function upload<T>(
  path: string,
  form: FormData,
  onProgress?: (progress: UploadProgress) => void,
  options: RequestOptions = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const fail = (error: ApiError) => {
      settle(error, options, path);
      reject(error);
    };
    xhr.open('POST', apiUrl(path, options.query));
    xhr.withCredentials = true;
    xhr.timeout = REQUEST_TIMEOUT_MS;
    for (const [name, value] of Object.entries(requestHeaders({}, options.tenantId))) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (!onProgress || !event.lengthComputable) return;
      onProgress({ loaded: event.loaded, total: event.total, percent: Math.round((event.loaded / event.total) * 100) });
    };
    xhr.onload = () => {
      try {
        resolve(interpret(xhr.status, xhr.responseText) as T);
      } catch (error) {
        if (error instanceof ApiError) fail(error);
        else reject(error);
      }
    };
    xhr.onerror = () => fail(new ApiError('network', 0, translateMessage('errors.networkError')));
    xhr.ontimeout = () => fail(new ApiError('timeout', 0, translateMessage('errors.timeout')));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

/** GET a spreadsheet and save it as `<fileName>.xlsx`; an error answer comes as JSON and is reported. */
/**
 * GETs a file route's answer as a Blob (with the session's headers, unlike an `<img src>`): an
 * answer in JSON is the envelope of a failure, reported like any call's.
 */
export async function getBlob(path: string, options: RequestOptions = {}): Promise<Blob> {
  const controller = new AbortController();
  options.signal?.addEventListener('abort', () => controller.abort(options.signal?.reason), { once: true });
  const work = (async () => {
    let response: Response;
    try {
      response = await fetch(apiUrl(path, options.query), {
        headers: requestHeaders({}, options.tenantId),
        credentials: 'include',
        signal: controller.signal,
      });
    } catch (cause) {
      if (options.signal?.aborted) throw cause;
      throw new ApiError('network', 0, translateMessage('errors.networkError'));
    }
    const type = response.headers.get('content-type') ?? '';
    if (!response.ok || type.includes('json')) {
      interpret(response.status, await response.text());
      // A JSON success where a file was expected is a server fault too.
      throw new ApiError('http', response.status, translateMessage('errors.server'));
    }
    return response.blob();
  })();
  try {
    return await withTimeout(work, () => controller.abort());
  } catch (error) {
    if (error instanceof ApiError) settle(error, options, path);
    throw error;
  }
}

export async function downloadXlsx(path: string, fileName: string, options: RequestOptions = {}): Promise<void> {
  const blob = await getBlob(path, options);
  saveBlob(blob, fileName.endsWith('.xlsx') ? fileName : `${fileName}.xlsx`);
}

/** Saves a file the console already holds (a download's answer, a key shown once) through the browser. */
export function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = href;
  anchor.download = fileName;
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(href), 0);
}
