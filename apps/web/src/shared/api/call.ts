import {
  routePath,
  type RouteBody,
  type RouteData,
  type RouteDescriptor,
  type RouteParams,
  type RouteQuery,
} from '@patrol/contracts';
import {
  downloadXlsx,
  get,
  getBlob,
  postJson,
  saveBlob,
  upload,
  type Query,
  type RequestOptions,
  type UploadProgress,
} from './client';

/** What a call sends, typed from the descriptor: its path parameters, query and body. */
export type CallInput<D extends RouteDescriptor> = (D extends { params: unknown }
  ? { params: RouteParams<D> }
  : { params?: undefined }) &
  (D extends { query: unknown } ? { query?: RouteQuery<D> } : { query?: undefined }) &
  (D extends { body: unknown } ? { body: RouteBody<D> } : { body?: undefined });

type CallOptions = Omit<RequestOptions, 'query'>;

function target<D extends RouteDescriptor>(descriptor: D, input: CallInput<D>) {
  return {
    path: routePath(descriptor.path, input.params as Record<string, string | number> | undefined),
    query: input.query as Query | undefined,
  };
}

/**
 * Reports an answer whose data does not match the route's contract (development only): the
 * console and the server were built from different contracts, or the server broke its own.
 */
export function checkAnswer(descriptor: RouteDescriptor, data: unknown): boolean {
  if (!descriptor.data) return true;
  const result = descriptor.data.safeParse(data);
  if (!result.success) {
    console.error(`The answer of ${descriptor.operationId} does not match its contract.`, result.error.issues);
  }
  return result.success;
}

/** Calls a route from its descriptor and answers its `data`, typed by the descriptor. */
export async function call<D extends RouteDescriptor>(
  descriptor: D,
  input: CallInput<D>,
  options: CallOptions = {},
): Promise<RouteData<D>> {
  const { path, query } = target(descriptor, input);
  const data =
    descriptor.method === 'GET'
      ? await get<unknown>(path, { ...options, query })
      : await postJson<unknown>(path, input.body ?? {}, { ...options, query });
  if (import.meta.env.DEV) checkAnswer(descriptor, data);
  return data as RouteData<D>;
}

/** Downloads a file route's answer as `<fileName>.xlsx`; failures are reported like any call. */
export function download<D extends RouteDescriptor & { envelope: 'file' }>(
  descriptor: D,
  input: CallInput<D>,
  fileName: string,
  options: CallOptions = {},
): Promise<void> {
  const { path, query } = target(descriptor, input);
  return downloadXlsx(path, fileName, { ...options, query });
}

/** Fetches a file route's answer (an image...) as a Blob, with the session's headers. */
export function fetchFile<D extends RouteDescriptor & { envelope: 'file' }>(
  descriptor: D,
  input: CallInput<D>,
  options: CallOptions = {},
): Promise<Blob> {
  const { path, query } = target(descriptor, input);
  return getBlob(path, { ...options, query });
}

/** Saves text the console holds as a file (e.g. a private key shown once); no call is made. */
export function saveText(text: string, fileName: string, type = 'text/plain'): void {
  saveBlob(new Blob([text], { type }), fileName);
}

/** Sends a multipart form to a route, with upload progress, and answers its `data`. */
export async function uploadTo<D extends RouteDescriptor>(
  descriptor: D,
  input: Omit<CallInput<D>, 'body'>,
  form: FormData,
  onProgress?: (progress: UploadProgress) => void,
  options: CallOptions = {},
): Promise<RouteData<D>> {
  const { path, query } = target(descriptor, input as CallInput<D>);
  const data = await upload<unknown>(path, form, onProgress, { ...options, query });
  if (import.meta.env.DEV) checkAnswer(descriptor, data);
  return data as RouteData<D>;
}
