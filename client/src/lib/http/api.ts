import { createHttpClient, type HttpClient, type HttpClientOptions } from './http-client';

/**
 * The interface language: `<html lang>`, which `bindDocumentLanguage` keeps in step with i18next
 * (and so with the language switch), read at each request.
 */
const interfaceLanguage = (): string | undefined =>
  typeof document === 'undefined' ? undefined : document.documentElement.lang || undefined;

let tokenSource: () => string | null = () => null;

let client: HttpClient = createHttpClient({
  getToken: () => null,
  onUnauthorized: () => Promise.resolve(null),
  getLanguage: interfaceLanguage,
});

/**
 * The app's HTTP client. Feature `api/` files import it; `src/app/services.ts` configures it once at start with the
 * auth machine's token and 401 handling.
 */
export const api: HttpClient = {
  call: (operation, input, options) => client.call(operation, input, options),
  download: (operation, input, options) => client.download(operation, input, options),
  upload: (path, body, options) => client.upload(path, body, options),
  request: (path, options) => client.request(path, options),
  get: (path, query, options) => client.get(path, query, options),
  post: (path, json, options) => client.post(path, json, options),
  patch: (path, json, options) => client.patch(path, json, options),
  put: (path, json, options) => client.put(path, json, options),
  delete: (path, options) => client.delete(path, options),
};

/** Every request also says the interface language (`Accept-Language`), unless the options read it otherwise. */
export const configureApi = (options: HttpClientOptions): void => {
  tokenSource = options.getToken;
  client = createHttpClient({ getLanguage: interfaceLanguage, ...options });
};

/** The token requests carry now, for connections that are not HTTP requests (the gateway's socket). */
export const currentAccessToken = (): string | null => tokenSource();

/** The interface language, for connections that are not HTTP requests. */
export const currentLanguage = (): string | undefined => interfaceLanguage();

/** A fresh key per user intent: a retried request (same key) is answered once by the API. */
export const newIdempotencyKey = (): string => crypto.randomUUID();
