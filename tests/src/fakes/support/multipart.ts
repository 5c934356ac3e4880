// Request bodies the OpenAI fake reads: multipart/form-data (RFC 7578) and the PCM16 WAVE files sent in it.

export type FormPart = { name: string; filename?: string; type?: string; data: Buffer };

/** The parts of a multipart/form-data body (RFC 7578), read from its boundary. */
export const multipartOf = (body: Buffer, contentType: string): FormPart[] | undefined => {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  if (!boundary) return undefined;
  const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]!.trim()}`);
  const parts: FormPart[] = [];
  let at = body.indexOf(delimiter);
  while (at >= 0) {
    const start = at + delimiter.length;
    if (body.subarray(start, start + 2).toString() === '--') break;
    const next = body.indexOf(delimiter, start);
    if (next < 0) return undefined;
    // Each part: CRLF, its headers, a blank line, its data, then CRLF before the next delimiter.
    const part = body.subarray(start + 2, next - 2);
    const split = part.indexOf('\r\n\r\n');
    if (split < 0) return undefined;
    const headers = part.subarray(0, split).toString('utf8');
    const disposition = /content-disposition:\s*form-data;([^\r\n]*)/i.exec(headers)?.[1] ?? '';
    const name = /\bname="([^"]*)"/.exec(disposition)?.[1];
    if (name === undefined) return undefined;
    const filename = /\bfilename="([^"]*)"/.exec(disposition)?.[1];
    const type = /content-type:\s*([^\r\n]+)/i.exec(headers)?.[1]?.trim();
    parts.push({
      name,
      ...(filename !== undefined ? { filename } : {}),
      ...(type ? { type } : {}),
      data: part.subarray(split + 4),
    });
    at = next;
  }
  return parts;
};

/** The samples of a PCM16 RIFF/WAVE file (first channel), or undefined when it is not one. */
export const wavOf = (bytes: Buffer): { sampleRate: number; samples: Int16Array } | undefined => {
  if (bytes.length < 12 || bytes.toString('ascii', 0, 4) !== 'RIFF' || bytes.toString('ascii', 8, 12) !== 'WAVE') {
    return undefined;
  }
  let at = 12;
  let format: { channels: number; sampleRate: number; bits: number } | undefined;
  while (at + 8 <= bytes.length) {
    const id = bytes.toString('ascii', at, at + 4);
    const size = bytes.readUInt32LE(at + 4);
    if (id === 'fmt ') {
      format = {
        channels: bytes.readUInt16LE(at + 10),
        sampleRate: bytes.readUInt32LE(at + 12),
        bits: bytes.readUInt16LE(at + 22),
      };
    } else if (id === 'data') {
      if (!format || format.bits !== 16) return undefined;
      const frames = Math.floor(Math.min(size, bytes.length - at - 8) / (2 * format.channels));
      const samples = new Int16Array(frames);
      for (let frame = 0; frame < frames; frame++)
        samples[frame] = bytes.readInt16LE(at + 8 + frame * 2 * format.channels);
      return { sampleRate: format.sampleRate, samples };
    }
    at += 8 + size + (size % 2);
  }
  return undefined;
};
