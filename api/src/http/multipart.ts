import busboy from 'busboy';
import { issueMessages } from '@ai-coaching/contracts';
import type { z } from 'zod';
import { ApiError } from './api-error.js';
import type { ApiContext } from './context.js';
import { requestLocale } from './request-locale.js';

export type MultipartLimits = {
  /** The one file part's name. */
  fileField: string;
  /** The largest file accepted, in bytes; reading stops at the byte after it: 413 `image_too_large`. */
  maxFileBytes: number;
  /** At most this many text fields… */
  maxFields: number;
  /** …of at most this many bytes each. */
  maxFieldBytes: number;
};

export type MultipartForm<Fields> = {
  fields: Fields;
  /** The file's bytes; undefined when the form has no file part. Its name and declared type are not kept. */
  file: Uint8Array | undefined;
};

/** What the multipart framing adds around the file: boundaries, part headers and the small fields. */
const ENVELOPE_BYTES = 64 * 1024;

const tooLarge = (maxBytes: number) => {
  const maxMb = Math.round(maxBytes / (1024 * 1024));
  return new ApiError(413, 'image_too_large', `The file is larger than ${maxMb} MB: choose a smaller image.`, {
    max_mb: maxMb,
  });
};
const tooManyFiles = () => new ApiError(400, 'upload_malformed', 'Send one file per upload, in the field "file".');
const tooManyFields = () =>
  new ApiError(400, 'upload_malformed', 'The upload has too many fields, or a field that is too long.');
const malformed = () =>
  new ApiError(
    400,
    'upload_malformed',
    'The upload could not be read: send it as multipart/form-data with the fields category and file.',
  );

/**
 * Reads a multipart/form-data request (busboy) within limits: one file part, a few short fields.
 * A `Content-Length` beyond the limits is refused before a byte is read; otherwise reading stops as
 * soon as the file passes `maxFileBytes` (the rest of the request is discarded unread by Node, or the
 * connection closed when the length is unknown). The fields are parsed with the schema, each issue
 * in the caller's language, like every JSON body.
 */
export const readMultipart = async <Schema extends z.ZodType>(
  ctx: ApiContext,
  schema: Schema,
  limits: MultipartLimits,
): Promise<MultipartForm<z.output<Schema>>> => {
  const declared = Number(ctx.get('content-length') || Number.NaN);
  if (Number.isFinite(declared) && declared > limits.maxFileBytes + ENVELOPE_BYTES) {
    throw tooLarge(limits.maxFileBytes);
  }

  const request = ctx.req;
  const raw = await new Promise<{ fields: Record<string, string>; file: Uint8Array | undefined }>((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: request.headers,
        limits: {
          files: 1,
          // busboy stops AT its limit, so a file of exactly the maximum would look cut: one byte more tells a file
          // of the maximum (no 'limit') from a larger one ('limit' once maxFileBytes + 1 bytes have arrived).
          fileSize: limits.maxFileBytes + 1,
          fields: limits.maxFields,
          fieldSize: limits.maxFieldBytes,
          fieldNameSize: 100,
          parts: limits.maxFields + 1,
          headerPairs: 20,
        },
      });
    } catch {
      reject(malformed());
      return;
    }
    const fields: Record<string, string> = {};
    const chunks: Buffer[] = [];
    let sawFile = false;
    let settled = false;

    const fail = (error: ApiError) => {
      if (settled) return;
      settled = true;
      request.unpipe(parser);
      // Nothing more is parsed or kept. With a known length Node discards the rest of the body after the
      // answer; without one, the connection is closed rather than read to its end.
      if (!Number.isFinite(declared)) ctx.set('Connection', 'close');
      request.resume();
      reject(error);
    };

    parser.on('file', (name, stream) => {
      if (name !== limits.fileField || sawFile) {
        stream.on('error', () => undefined);
        stream.resume();
        fail(tooManyFiles());
        return;
      }
      sawFile = true;
      // busboy destroys the file's stream with the form's error (a body that ends inside the file part: "Unexpected
      // end of form"); an 'error' with no listener would be thrown out of the request's data event and end the process.
      stream.on('error', () => fail(malformed()));
      stream.on('data', (chunk: Buffer) => {
        if (!settled) chunks.push(chunk);
      });
      stream.on('limit', () => {
        chunks.length = 0;
        fail(tooLarge(limits.maxFileBytes));
      });
    });
    parser.on('field', (name, value, info) => {
      if (info.nameTruncated || info.valueTruncated) fail(tooManyFields());
      else fields[name] = value;
    });
    parser.on('filesLimit', () => fail(tooManyFiles()));
    parser.on('fieldsLimit', () => fail(tooManyFields()));
    parser.on('partsLimit', () => fail(tooManyFields()));
    parser.on('error', () => fail(malformed()));
    parser.on('close', () => {
      if (settled) return;
      settled = true;
      resolve({ fields, file: sawFile ? new Uint8Array(Buffer.concat(chunks)) : undefined });
    });
    request.on('error', () => fail(malformed()));
    request.pipe(parser);
  });

  const parsed = schema.parse(raw.fields, { error: issueMessages(requestLocale(ctx)) }) as z.output<Schema>;
  return { fields: parsed, file: raw.file };
};
