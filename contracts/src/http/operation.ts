import type { z } from 'zod';

/**
 * An HTTP operation as server, client and tests all see it: method, path, input schemas and the
 * answers it documents. The API implements it (adding who may call it and the handler), the client
 * calls it, the test client checks every answer against it, and the OpenAPI document is built from it.
 */
export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export type ResponseSpec = { readonly description: string; readonly schema?: z.ZodType };

export type OperationSpec = {
  readonly method: HttpMethod;
  /** Koa-style path with `:param` segments. */
  readonly path: string;
  readonly summary: string;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /**
   * Form-encoded bodies only where the spec says so (the password login). `multipart`: the handler
   * reads the request stream itself (uploads), within limits of its own; `multipart` documents its fields.
   */
  readonly bodyEncoding?: 'json' | 'form' | 'multipart';
  /** The fields of a multipart body, for the OpenAPI document (not parsed by the mount layer). */
  readonly multipart?: z.ZodType;
  /**
   * Accepts an `Idempotency-Key` header: a retry with the same key and body replays the first
   * answer; the same key with another body is a 409. For commands a client may retry.
   */
  readonly idempotent?: boolean;
  /** Documented answers besides the error responses every operation has. */
  readonly responses: { readonly [status: number]: ResponseSpec };
};

export type Operation<Spec extends OperationSpec = OperationSpec> = Spec & {
  /** `area.name`, unique: the OpenAPI operationId. */
  readonly id: string;
  /** The OpenAPI tag (the area's title). */
  readonly tag: string;
};

/**
 * Declares an area's operations once, stamping each with its id (`users.list`) and the area's tag.
 * `const` keeps the literal method, path and statuses in the types.
 */
export const defineOperations = <const Specs extends Record<string, OperationSpec>>(
  area: { readonly name: string; readonly tag: string },
  specs: Specs,
): { readonly [Name in keyof Specs]: Operation<Specs[Name]> } =>
  Object.fromEntries(
    Object.entries(specs).map(([name, spec]) => [name, { ...spec, id: `${area.name}.${name}`, tag: area.tag }]),
  ) as { readonly [Name in keyof Specs]: Operation<Specs[Name]> };

type SuccessCode = 200 | 201 | 202 | 204;

/** The 2xx statuses an operation documents. */
export type SuccessStatus<O extends OperationSpec> = Extract<keyof O['responses'], SuccessCode>;

type SchemaOf<O extends OperationSpec, Status> = Status extends keyof O['responses']
  ? O['responses'][Status] extends { readonly schema: infer Schema extends z.ZodType }
    ? Schema
    : undefined
  : undefined;

/** What an answer of this status holds once parsed (undefined when it documents no JSON body). */
export type ResponseBody<O extends OperationSpec, Status> =
  SchemaOf<O, Status> extends z.ZodType ? z.output<SchemaOf<O, Status>> : undefined;

/** The body of the operation's successful answer (a union when it documents several). */
export type SuccessBody<O extends OperationSpec> = {
  [Status in SuccessStatus<O>]: ResponseBody<O, Status>;
}[SuccessStatus<O>];

type InputOf<Schema> = Schema extends z.ZodType ? z.input<Schema> : never;
type OutputOf<Schema> = Schema extends z.ZodType ? z.output<Schema> : Record<string, never>;

/** Every key optional (a query whose parameters all have defaults) makes the part optional. */
type Part<Name extends string, Value> = [Value] extends [never]
  ? unknown
  : object extends Value
    ? { readonly [K in Name]?: Value }
    : { readonly [K in Name]: Value };

/** What a caller sends: path parameters, query and body, as the schemas accept them before parsing. */
export type OperationRequest<O extends OperationSpec> = Part<'params', InputOf<O['params']>> &
  Part<'query', InputOf<O['query']>> &
  Part<'body', InputOf<O['body']>>;

/** What a handler receives: the same, parsed (defaults applied, strings coerced). */
export type ParsedRequest<O extends OperationSpec> = {
  params: OutputOf<O['params']>;
  query: OutputOf<O['query']>;
  body: O['body'] extends z.ZodType ? z.output<O['body']> : undefined;
};

type ResultFor<O extends OperationSpec, Status> = (Status extends 200 | 204
  ? { status?: Status }
  : { status: Status }) &
  (SchemaOf<O, Status> extends z.ZodType
    ? { body: z.input<SchemaOf<O, Status>> }
    : Status extends 204
      ? { body?: undefined }
      : { body?: unknown }) & { headers?: Record<string, string> };

/**
 * The statuses a handler answers itself: the documented 2xx, and any other documented status with a
 * body schema of its own (a readiness probe's 503). Errors are thrown, not answered.
 */
export type AnswerStatus<O extends OperationSpec> =
  | SuccessStatus<O>
  | { [Status in keyof O['responses']]: SchemaOf<O, Status> extends z.ZodType ? Status : never }[keyof O['responses']];

/**
 * What a handler answers: one of its answer statuses with its body. A 200 or 204 may leave the
 * status out (200 with a body, 204 without), as may a handler answering 204 with nothing.
 */
export type OperationResult<O extends OperationSpec> =
  | { [Status in AnswerStatus<O>]: ResultFor<O, Status> }[AnswerStatus<O>]
  | (204 extends SuccessStatus<O> ? void : never);

/** The path with its `:params` filled in, each encoded. */
export const pathOf = (path: string, params: Readonly<Record<string, unknown>> | undefined): string =>
  path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
