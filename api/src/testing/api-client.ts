import {
  errorBodySchema,
  pathOf,
  type ErrorBody,
  type Operation,
  type OperationRequest,
  type SuccessBody,
} from '@ai-coaching/contracts';
import type { z } from 'zod';

/** An answer as a test sees it: the status, the body (parsed JSON, else text) and the headers. */
export type ApiAnswer<Body> = { status: number; body: Body; headers: Headers };

/**
 * A successful body, or the error's fields when the test expects a refusal; the answer was checked
 * against the contract, so whichever it is has exactly the declared fields.
 */
export type AnswerBody<O extends Operation> = (SuccessBody<O> extends undefined ? unknown : SuccessBody<O>) &
  Partial<ErrorBody>;

export type SendOptions = {
  query?: Record<string, string | number | boolean | readonly string[] | undefined>;
  /** JSON, or a raw string sent as it is (malformed bodies). */
  body?: unknown;
  /** Form-encoded instead of JSON. */
  form?: Record<string, string>;
  headers?: Record<string, string>;
};

export type ApiClient = {
  /** The same client, calling with this bearer token (or none). */
  as(token: string | undefined): ApiClient;
  /**
   * Calls an operation of the contracts and checks the answer against it: a documented success is
   * parsed with its (strict) schema, an error with the error body's; a success the contract does not
   * document fails the test. So a response that drifts from its schema fails every test that reads it.
   */
  call<O extends Operation>(
    operation: O,
    input: OperationRequest<O>,
    options?: { headers?: Record<string, string> },
  ): Promise<ApiAnswer<AnswerBody<O>>>;
  /** Any request at all, unchecked: for inputs the contract would not let a caller type. */
  send<Body = Partial<ErrorBody> & Record<string, unknown>>(
    method: string,
    path: string,
    options?: SendOptions,
  ): Promise<ApiAnswer<Body>>;
};

const toQuery = (query: SendOptions['query']): string => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) params.append(key, String(item));
    else params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `?${search}` : '';
};

const checked = (operation: Operation, status: number, body: unknown): void => {
  const schema: z.ZodType | undefined = status >= 400 ? errorBodySchema : operation.responses[status]?.schema;
  if (status < 400 && !(status in operation.responses)) {
    throw new Error(`${operation.id} answered ${status}, which its contract does not document.`);
  }
  if (!schema) return;
  const result = schema.safeParse(body);
  if (!result.success) {
    throw new Error(
      `${operation.id} answered ${status} with a body that drifts from its contract:\n${result.error.issues
        .map((issue) => `  ${issue.path.join('.') || '(root)'}: ${issue.message}`)
        .join('\n')}\n${JSON.stringify(body).slice(0, 2000)}`,
    );
  }
};

/** The API of a running server (`startTestServer`), as integration specs call it. */
export const apiClient = (server: { url: string }, token?: string): ApiClient => {
  const send: ApiClient['send'] = async (method, path, options = {}) => {
    const { body, form } = options;
    const headers: Record<string, string> = {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(form
        ? { 'content-type': 'application/x-www-form-urlencoded' }
        : body !== undefined
          ? { 'content-type': 'application/json' }
          : {}),
      ...options.headers,
    };
    const response = await fetch(`${server.url}${path}${toQuery(options.query)}`, {
      method,
      headers,
      ...(form
        ? { body: new URLSearchParams(form).toString() }
        : body !== undefined
          ? { body: typeof body === 'string' ? body : JSON.stringify(body) }
          : {}),
    });
    const text = await response.text();
    // application/json, and the JSON of a media type of its own (`application/scim+json`).
    const isJson = /^application\/([\w.-]+\+)?json\b/.test(response.headers.get('content-type') ?? '');
    return {
      status: response.status,
      body: (isJson && text ? JSON.parse(text) : text || undefined) as never,
      headers: response.headers,
    };
  };

  return {
    as: (other) => apiClient(server, other),
    send,
    async call(operation, input, options = {}) {
      const { params, query, body } = input as {
        params?: Record<string, unknown>;
        query?: SendOptions['query'];
        body?: unknown;
      };
      const answer = await send(operation.method, pathOf(operation.path, params), {
        ...(query ? { query } : {}),
        ...(body === undefined
          ? {}
          : operation.bodyEncoding === 'form'
            ? { form: body as Record<string, string> }
            : { body }),
        ...(options.headers ? { headers: options.headers } : {}),
      });
      checked(operation, answer.status, answer.body);
      return answer as ApiAnswer<AnswerBody<typeof operation>>;
    },
  };
};
