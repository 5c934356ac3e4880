import { describe, expect, it } from 'vitest';
import { csvCell, csvRow, csvStream } from './csv.js';

describe('[CREDITS]: CSV cells', () => {
  it('quotes what RFC 4180 requires and nothing else', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(42)).toBe('42');
    expect(csvRow(['a', 1, null])).toBe('a,1,\r\n');
  });

  it('defuses text a spreadsheet would run as a formula', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) {
      expect(csvCell(`${start}HYPERLINK("x")`).replace(/^"/, '')).toMatch(/^'/);
    }
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('=A1,B1')).toBe(`"'=A1,B1"`);
    expect(csvCell('a=b')).toBe('a=b');
  });
});

describe('[CREDITS]: CSV streams', () => {
  const text = async (stream: NodeJS.ReadableStream) => {
    let all = '';
    for await (const chunk of stream) all += String(chunk);
    return all;
  };

  it('writes the header, then one row per item in the columns’ order', async () => {
    async function* rows() {
      yield { name: 'a,b', count: 1 };
      yield { name: '=x', count: null };
    }
    const stream = csvStream(['count', 'name'], rows(), () => undefined);
    expect(await text(stream)).toBe('count,name\r\n1,"a,b"\r\n,\'=x\r\n');
  });

  it('tells of a failure of the rows, then cuts the stream with it', async () => {
    const failure = new Error('database gone');
    async function* rows() {
      yield { name: 'first' };
      throw failure;
    }
    const heard: unknown[] = [];
    await expect(text(csvStream(['name'], rows(), (error) => heard.push(error)))).rejects.toBe(failure);
    expect(heard).toEqual([failure]);
  });
});
