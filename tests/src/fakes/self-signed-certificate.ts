import { generateKeyPairSync, sign } from 'node:crypto';

/**
 * A throw-away self-signed certificate for a TLS fake on 127.0.0.1, made with node:crypto alone (no
 * `openssl` binary, no package): an X.509 v3 certificate over a fresh P-256 key, valid for a day, naming
 * 127.0.0.1 as its subject alternative name. Clients trust it with `rejectUnauthorized: false`, or as an extra
 * root (`NODE_EXTRA_CA_CERTS`: a server process the test does not build itself, as the browser tests' server).
 */

const der = (tag: number, ...parts: Buffer[]): Buffer => {
  const body = Buffer.concat(parts);
  const length =
    body.length < 0x80
      ? Buffer.from([body.length])
      : body.length < 0x100
        ? Buffer.from([0x81, body.length])
        : Buffer.from([0x82, body.length >> 8, body.length & 0xff]);
  return Buffer.concat([Buffer.from([tag]), length, body]);
};

const sequence = (...parts: Buffer[]) => der(0x30, ...parts);

const oid = (text: string): Buffer => {
  const [first, second, ...rest] = text.split('.').map(Number);
  const bytes = [first! * 40 + second!];
  for (const value of rest) {
    const chunk = [value & 0x7f];
    for (let left = value >> 7; left > 0; left >>= 7) chunk.unshift((left & 0x7f) | 0x80);
    bytes.push(...chunk);
  }
  return der(0x06, Buffer.from(bytes));
};

const utcTime = (date: Date) =>
  der(0x17, Buffer.from(`${date.toISOString().slice(2, 19).replace(/[-T:]/g, '')}Z`, 'ascii'));

const commonName = (name: string) =>
  sequence(der(0x31, sequence(oid('2.5.4.3'), der(0x0c, Buffer.from(name, 'utf8')))));

const pem = (label: string, body: Buffer) =>
  `-----BEGIN ${label}-----\n${body
    .toString('base64')
    .replace(/(.{64})/g, '$1\n')
    .replace(/\n$/, '')}\n-----END ${label}-----\n`;

export const selfSignedCertificate = (name = '127.0.0.1'): { key: string; cert: string } => {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const ecdsaWithSha256 = sequence(oid('1.2.840.10045.4.3.2'));
  const now = Date.now();
  // subjectAltName (2.5.29.17): iPAddress [7] 127.0.0.1, which Node's host name check requires of an address.
  const altName = sequence(oid('2.5.29.17'), der(0x04, sequence(der(0x87, Buffer.from([127, 0, 0, 1])))));
  const tbs = sequence(
    // Version 3, for the extension.
    der(0xa0, der(0x02, Buffer.from([0x02]))),
    der(0x02, Buffer.from([0x01, ...Array.from({ length: 8 }, () => Math.floor(Math.random() * 256))])),
    ecdsaWithSha256,
    commonName(name),
    sequence(utcTime(new Date(now - 60_000)), utcTime(new Date(now + 86_400_000))),
    commonName(name),
    publicKey.export({ type: 'spki', format: 'der' }),
    der(0xa3, sequence(altName)),
  );
  const signature = sign('sha256', tbs, privateKey);
  const certificate = sequence(tbs, ecdsaWithSha256, der(0x03, Buffer.from([0]), signature));
  return {
    key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    cert: pem('CERTIFICATE', certificate),
  };
};
