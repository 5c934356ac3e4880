/**
 * What an uploaded file really is, from its bytes alone (never its name or declared type), and whether
 * it is only that: the format's own structure is walked to its end marker, and the file is refused as a
 * polyglot when anything but padding follows it, or when markup, script or an archive hides inside it.
 * docs/image-uploads.md says what is detected and why.
 */
export type SniffedFormat = 'jpeg' | 'png' | 'gif' | 'webp';

export type SniffResult =
  | { kind: 'image'; format: SniffedFormat }
  /** Not one of the accepted formats; `svg` when it looks like SVG or other XML/HTML text. */
  | { kind: 'refused'; reason: 'not_image' | 'svg' | 'polyglot' | 'corrupt' };

type Range = readonly [start: number, end: number];
/** Where the image ends, and the ranges of its metadata and comments (where payloads hide). */
type Structure = { end: number; metadata: Range[] } | undefined;

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  signature.every((byte, index) => bytes[at + index] === byte);

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

const JPEG = [0xff, 0xd8, 0xff];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const GIF87 = ascii('GIF87a');
const GIF89 = ascii('GIF89a');
const RIFF = ascii('RIFF');
const WEBP = ascii('WEBP');

export const magicFormat = (bytes: Uint8Array): SniffedFormat | undefined => {
  if (startsWith(bytes, JPEG)) return 'jpeg';
  if (startsWith(bytes, PNG)) return 'png';
  if (startsWith(bytes, GIF87) || startsWith(bytes, GIF89)) return 'gif';
  if (startsWith(bytes, RIFF) && startsWith(bytes, WEBP, 8)) return 'webp';
  return undefined;
};

const u16be = (b: Uint8Array, i: number) => ((b[i] ?? 0) << 8) | (b[i + 1] ?? 0);
const u32be = (b: Uint8Array, i: number) => u16be(b, i) * 0x10000 + u16be(b, i + 2);
const u32le = (b: Uint8Array, i: number) =>
  (b[i] ?? 0) + ((b[i + 1] ?? 0) << 8) + ((b[i + 2] ?? 0) << 16) + (b[i + 3] ?? 0) * 0x1000000;

/** Markers up to EOI; the entropy-coded data after each SOS is scanned to the next real marker. */
const jpegStructure = (b: Uint8Array): Structure => {
  const metadata: Range[] = [];
  let i = 2;
  while (i < b.length) {
    if (b[i] !== 0xff) return undefined;
    while (b[i] === 0xff) i++;
    const marker = b[i++];
    if (marker === undefined) return undefined;
    if (marker === 0xd9) return { end: i, metadata };
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) continue;
    if (i + 2 > b.length) return undefined;
    const length = u16be(b, i);
    if (length < 2 || i + length > b.length) return undefined;
    // APP0–APP15 (EXIF, XMP, ICC …) and COM: where text and payloads are kept.
    if ((marker >= 0xe0 && marker <= 0xef) || marker === 0xfe) metadata.push([i + 2, i + length]);
    i += length;
    if (marker === 0xda) {
      while (i < b.length) {
        if (b[i] === 0xff) {
          const next = b[i + 1];
          if (next === 0x00 || (next !== undefined && next >= 0xd0 && next <= 0xd7)) {
            i += 2;
            continue;
          }
          break;
        }
        i++;
      }
    }
  }
  return undefined;
};

const CRITICAL_PNG = new Set(['IHDR', 'PLTE', 'IDAT', 'IEND']);

const pngStructure = (b: Uint8Array): Structure => {
  const metadata: Range[] = [];
  let i = 8;
  while (i + 12 <= b.length) {
    const length = u32be(b, i);
    const type = String.fromCharCode(...b.subarray(i + 4, i + 8));
    const dataStart = i + 8;
    const next = dataStart + length + 4;
    if (next > b.length) return undefined;
    if (type === 'IEND') return { end: next, metadata };
    if (!CRITICAL_PNG.has(type)) metadata.push([dataStart, dataStart + length]);
    i = next;
  }
  return undefined;
};

const gifStructure = (b: Uint8Array): Structure => {
  const metadata: Range[] = [];
  const packed = b[10] ?? 0;
  let i = 13 + (packed & 0x80 ? 3 * 2 ** ((packed & 7) + 1) : 0);
  const subBlocks = (start: number): number | undefined => {
    let at = start;
    while (at < b.length) {
      const size = b[at]!;
      at += 1;
      if (size === 0) return at;
      at += size;
    }
    return undefined;
  };
  while (i < b.length) {
    const introducer = b[i];
    if (introducer === 0x3b) return { end: i + 1, metadata };
    if (introducer === 0x2c) {
      const local = b[i + 9] ?? 0;
      const after = subBlocks(i + 10 + (local & 0x80 ? 3 * 2 ** ((local & 7) + 1) : 0) + 1);
      if (after === undefined) return undefined;
      i = after;
    } else if (introducer === 0x21) {
      const after = subBlocks(i + 2);
      if (after === undefined) return undefined;
      // Comment, plain-text and application extensions carry free bytes; graphic control (0xf9) does not.
      if (b[i + 1] !== 0xf9) metadata.push([i + 2, after]);
      i = after;
    } else {
      return undefined;
    }
  }
  return undefined;
};

const webpStructure = (b: Uint8Array): Structure => {
  const end = 8 + u32le(b, 4);
  if (end > b.length || end < 12) return undefined;
  const metadata: Range[] = [];
  let i = 12;
  while (i + 8 <= end) {
    const type = String.fromCharCode(...b.subarray(i, i + 4));
    const length = u32le(b, i + 4);
    if (i + 8 + length > end) return undefined;
    if (type === 'EXIF' || type === 'XMP ' || type === 'ICCP' || !/^(VP8 |VP8L|VP8X|ANIM|ANMF|ALPH)$/.test(type)) {
      metadata.push([i + 8, i + 8 + length]);
    }
    i += 8 + length + (length % 2);
  }
  return { end, metadata };
};

/** Markup, script or archive signatures that no picture needs, searched in the whole file (long ones only). */
const ANYWHERE = ['<script', '<iframe', '<!doctype', 'javascript:', '<object', '<embed'];
/** …and in metadata and comments, where shorter ones are telling too. */
const IN_METADATA = [
  ...ANYWHERE,
  '<html',
  '<body',
  '<svg',
  '<?php',
  '<?=',
  '<%',
  'alert(',
  'eval(',
  'onerror=',
  'onload=',
  'document.',
  'window.',
  'pk\u0003\u0004',
  'pk\u0005\u0006',
];

const latin1Lower = (bytes: Uint8Array) =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1').toLowerCase();

const holdsAny = (text: string, needles: readonly string[]) => needles.some((needle) => text.includes(needle));

/** Bytes after the end marker that are only padding (zeros, 0xff fill, whitespace) are tolerated. */
const isPadding = (bytes: Uint8Array) => bytes.every((byte) => [0x00, 0xff, 0x20, 0x09, 0x0a, 0x0d].includes(byte));

const looksLikeMarkup = (bytes: Uint8Array): boolean => {
  const head = latin1Lower(bytes.subarray(0, 4096))
    .replace(/^\ufeff|^ï»¿/, '')
    .trimStart();
  return head.startsWith('<') || head.includes('<svg');
};

const STRUCTURES: Record<SniffedFormat, (bytes: Uint8Array) => Structure> = {
  jpeg: jpegStructure,
  png: pngStructure,
  gif: gifStructure,
  webp: webpStructure,
};

export const sniffImage = (bytes: Uint8Array): SniffResult => {
  const format = magicFormat(bytes);
  if (!format) return { kind: 'refused', reason: looksLikeMarkup(bytes) ? 'svg' : 'not_image' };
  // The GIF/JavaScript polyglot: `GIF89a/*` opens a comment, so the file runs as a script.
  if (format === 'gif' && bytes[6] === 0x2f && bytes[7] === 0x2a) return { kind: 'refused', reason: 'polyglot' };
  const structure = STRUCTURES[format](bytes);
  if (!structure) return { kind: 'refused', reason: 'corrupt' };
  if (!isPadding(bytes.subarray(structure.end))) return { kind: 'refused', reason: 'polyglot' };
  if (holdsAny(latin1Lower(bytes), ANYWHERE)) return { kind: 'refused', reason: 'polyglot' };
  for (const [start, end] of structure.metadata) {
    if (holdsAny(latin1Lower(bytes.subarray(start, end)), IN_METADATA)) return { kind: 'refused', reason: 'polyglot' };
  }
  return { kind: 'image', format };
};
