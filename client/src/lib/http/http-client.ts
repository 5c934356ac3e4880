import { pathOf, type SuccessBody } from '@ai-coaching/contracts';
import { ApiError, toApiError } from './api-error';
import type { AnyRoute, OperationOf, RequestOf } from './route';

/** Spec §7: the client retries only these statuses. */
export const RETRY_STATUSES: ReadonlySet<number> = new Set([408, 409, 425, 429, 500, 502, 503, 504]);
/**
 * A 409 is retried only when the API says the conflict is transient; "not enough credits" or "email taken" will
 * not change by asking again.
 */
export const RETRYABLE_CONFLICT_CODES: ReadonlySet<string> = new Set([
  'idempotency_request_in_progress',
  'concurrency_conflict',
]);
export const MAX_RETRIES = 2;

export type Query = Record<string, string | number | boolean | null | undefined | readonly string[]>;

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Query;
  /** Sent as JSON. */
  json?: unknown;
  /** Sent form-encoded (the password login). */
  form?: Record<string, string>;
  headers?: Record<string, string>;
  /** Makes a POST safe to retry: the API answers a retry with the first answer. */
  idempotencyKey?: string;
  signal?: AbortSignal;
  /** Sends this token instead of the stored one (null sends none); the auth machine's own calls use it. */
  token?: string | null;
  /** Do not refresh and replay on 401 (logout calls, login itself). */
  skipAuthRefresh?: boolean;
  /** Expect text (CSV) or a file (audio) instead of JSON; errors are JSON whatever this says. */
  responseType?: 'json' | 'text' | 'blob';
};

export type HttpClientOptions = {
  /** The bearer token to attach: own access token first, then the single sign-on token. */
  getToken: () => string | null;
  /**
   * Called on a 401: resolves with a fresh token to replay the request with, or null when the session is over
   * (the auth machine refreshes single sign-on sessions and logs others out).
   */
  onUnauthorized: () => Promise<string | null>;
  fetch?: typeof fetch;
  /**
   * The interface language (`fr-FR`, `en-GB`), sent as `Accept-Language` on every request: the API
   * answers its error and field messages in it (docs/adr/0013-messages-in-the-callers-language.md).
   */
  getLanguage?: () => string | null | undefined;
  /** Milliseconds before retry n (0-based); tests pass () => 0. */
  backoff?: (attempt: number, retryAfterSeconds: number | null) => number;
  /** Makes the request of an upload; tests pass a fake. */
  xhr?: () => XMLHttpRequest;
};

export type UploadOptions = {
  signal?: AbortSignal;
  /** Bytes of the body sent so far, of `total`; called as the browser sends it. */
  onProgress?: (sent: number, total: number) => void;
};

/** What `call` adds to an operation's own input. */
export type CallOptions = Pick<RequestOptions, 'headers' | 'idempotencyKey' | 'signal' | 'token' | 'skipAuthRefresh'>;

export type HttpClient = {
  /**
   * Calls an operation of the shared contracts: path, method and encoding from the contract, input and answer typed
   * by it. Features pass its route (`lib/http/contract-routes.ts`), which carries the same types without the schemas.
   */
  call<R extends AnyRoute>(
    operation: R,
    input: RequestOf<R>,
    options?: CallOptions,
  ): Promise<SuccessBody<OperationOf<R>>>;
  /** Like `call`, for an operation that answers a file (a voice sample): its body as a Blob. */
  download<R extends AnyRoute>(operation: R, input: RequestOf<R>, options?: CallOptions): Promise<Blob>;
  /**
   * POSTs a multipart body (an image upload) and answers its JSON, with the token, language and 401 replay of
   * every request. Never retried: sending megabytes twice for a transient error is the user's call.
   */
  upload<T>(path: string, body: FormData, options?: UploadOptions): Promise<T>;
  request<T>(path: string, options?: RequestOptions): Promise<T>;
  get<T>(path: string, query?: Query, options?: Omit<RequestOptions, 'method' | 'query'>): Promise<T>;
  post<T>(path: string, json?: unknown, options?: Omit<RequestOptions, 'method' | 'json'>): Promise<T>;
  patch<T>(path: string, json?: unknown, options?: Omit<RequestOptions, 'method' | 'json'>): Promise<T>;
  put<T>(path: string, json?: unknown, options?: Omit<RequestOptions, 'method' | 'json'>): Promise<T>;
  delete<T>(path: string, options?: Omit<RequestOptions, 'method'>): Promise<T>;
};

export const defaultBackoff = (attempt: number, retryAfterSeconds: number | null): number =>
  retryAfterSeconds !== null ? Math.min(retryAfterSeconds * 1000, 10_000) : 300 * 2 ** attempt + Math.random() * 100;

export const buildUrl = (path: string, query?: Query): string => {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const item of value) params.append(key, String(item));
    else params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}${path.includes('?') ? '&' : '?'}${search}` : path;
};

const parseBody = (text: string): unknown => {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (ms <= 0) return resolve();
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });

/** A request is retried only when sending it twice cannot do the work twice. */
const isRetrySafe = (options: RequestOptions) => {
  const method = options.method ?? 'GET';
  return method === 'GET' || method === 'PUT' || method === 'DELETE' || Boolean(options.idempotencyKey);
};

const shouldRetry = (error: ApiError) =>
  RETRY_STATUSES.has(error.status) && (error.status !== 409 || RETRYABLE_CONFLICT_CODES.has(error.code));

/**
 * The one HTTP client of the app (spec §7): bearer token, JSON or form bodies, `{ code, message, details }` errors
 * as {@link ApiError}, retries on transient statuses, and refresh-and-replay on 401.
 */
export const createHttpClient = (options: HttpClientOptions): HttpClient => {
  const fetchImpl = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const backoff = options.backoff ?? defaultBackoff;

  const send = async (path: string, request: RequestOptions, token: string | null): Promise<Response> => {
    const headers: Record<string, string> = { Accept: 'application/json', ...request.headers };
    const language = options.getLanguage?.();
    if (language) headers['Accept-Language'] ??= language;
    if (token) headers['Authorization'] = `Bearer ${token}`;
    if (request.idempotencyKey) headers['Idempotency-Key'] = request.idempotencyKey;
    let body: BodyInit | undefined;
    if (request.form) body = new URLSearchParams(request.form);
    else if (request.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(request.json);
    }
    try {
      return await fetchImpl(buildUrl(path, request.query), {
        method: request.method ?? 'GET',
        headers,
        body,
        signal: request.signal,
      });
    } catch (error) {
      if (request.signal?.aborted) throw error;
      // Only the client knows this one: its message is the client's own text (errors:api.network_error).
      throw new ApiError(0, 'network_error', 'The server could not be reached. Check your connection and retry.');
    }
  };

  const request = async <T>(path: string, request: RequestOptions = {}): Promise<T> => {
    let token = request.token !== undefined ? request.token : options.getToken();
    let replayed = false;
    for (let attempt = 0; ; attempt++) {
      const response = await send(path, request, token);
      if (response.ok && request.responseType === 'blob') return (await response.blob()) as T;
      const text = await response.text();
      if (response.ok) {
        return (request.responseType === 'text' ? text : parseBody(text)) as T;
      }
      const error = toApiError(response.status, response.statusText, parseBody(text));
      if (error.status === 401 && !request.skipAuthRefresh && !replayed && token) {
        replayed = true;
        const fresh = await options.onUnauthorized();
        if (fresh) {
          token = fresh;
          attempt--;
          continue;
        }
        throw error;
      }
      if (attempt < MAX_RETRIES && shouldRetry(error) && isRetrySafe(request)) {
        const retryAfter = Number(response.headers.get('Retry-After'));
        await sleep(
          backoff(attempt, Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null),
          request.signal,
        );
        continue;
      }
      throw error;
    }
  };

  // fetch reports no upload progress; XMLHttpRequest does, and a large image takes a while on a slow line.
  const sendUpload = (path: string, body: FormData, uploadOptions: UploadOptions, token: string | null) =>
    new Promise<{ status: number; statusText: string; text: string }>((resolve, reject) => {
      const xhr = options.xhr?.() ?? new XMLHttpRequest();
      const aborted = () => xhr.abort();
      uploadOptions.signal?.addEventListener('abort', aborted, { once: true });
      const settle = () => uploadOptions.signal?.removeEventListener('abort', aborted);
      xhr.open('POST', path);
      xhr.setRequestHeader('Accept', 'application/json');
      const language = options.getLanguage?.();
      if (language) xhr.setRequestHeader('Accept-Language', language);
      if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable) uploadOptions.onProgress?.(event.loaded, event.total);
      };
      xhr.onload = () => {
        settle();
        resolve({ status: xhr.status, statusText: xhr.statusText, text: xhr.responseText });
      };
      xhr.onerror = () => {
        settle();
        reject(new ApiError(0, 'network_error', 'The server could not be reached. Check your connection and retry.'));
      };
      xhr.onabort = () => {
        settle();
        reject(uploadOptions.signal?.reason ?? new DOMException('The upload was cancelled.', 'AbortError'));
      };
      if (uploadOptions.signal?.aborted) {
        xhr.abort();
        return;
      }
      xhr.send(body);
    });

  const upload = async <T>(path: string, body: FormData, rest: UploadOptions = {}): Promise<T> => {
    let token = options.getToken();
    for (let replayed = false; ; replayed = true) {
      const response = await sendUpload(path, body, rest, token);
      if (response.status >= 200 && response.status < 300) return parseBody(response.text) as T;
      const error = toApiError(response.status, response.statusText, parseBody(response.text));
      if (error.status !== 401 || replayed || !token) throw error;
      const fresh = await options.onUnauthorized();
      if (!fresh) throw error;
      token = fresh;
    }
  };

  const requestOf = (operation: AnyRoute, input: unknown, rest: CallOptions | undefined): [string, RequestOptions] => {
    const { params, query, body } = input as { params?: Record<string, unknown>; query?: Query; body?: unknown };
    return [
      pathOf(operation.path, params),
      {
        ...rest,
        method: operation.method,
        ...(query ? { query } : {}),
        ...(body === undefined
          ? {}
          : operation.bodyEncoding === 'form'
            ? { form: body as Record<string, string> }
            : { json: body }),
      },
    ];
  };

  return {
    call: (operation, input, rest) => request(...requestOf(operation, input, rest)),
    download: (operation, input, rest) => {
      const [path, options] = requestOf(operation, input, rest);
      return request<Blob>(path, { ...options, responseType: 'blob' });
    },
    upload,
    request,
    get: (path, query, rest) => request(path, { ...rest, method: 'GET', ...(query ? { query } : {}) }),
    post: (path, json, rest) => request(path, { ...rest, method: 'POST', json }),
    patch: (path, json, rest) => request(path, { ...rest, method: 'PATCH', json }),
    put: (path, json, rest) => request(path, { ...rest, method: 'PUT', json }),
    delete: (path, rest) => request(path, { ...rest, method: 'DELETE' }),
  };
};
