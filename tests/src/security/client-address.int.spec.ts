import http from 'node:http';
import { describeApi } from '@ai-coaching/api/testing';
import { newId } from '@ai-coaching/platform';
import { expect, it } from 'vitest';

// Issue 22, item 6: in production the API took the first X-Forwarded-For entry from any peer, so a client that
// rotated the header was a new address to every per-address limit (sign-in, codes, share links).

/** Failed sign-ins an address may make before 429; the account limit is out of the way (a new account each time). */
const ADDRESS_MAX = 3;
/** The proxy this test trusts; requests from another loopback address are a client's own. */
const PROXY = '127.0.0.1';
const CLIENT = '127.0.0.2';

await describeApi(
  '[SECURITY]: the address the limits count',
  (context) => {
    /** A wrong sign-in from the given local address, with the given X-Forwarded-For; answers the status. */
    const failedLogin = (from: string, forwardedFor: string) =>
      new Promise<number>((resolve, reject) => {
        const body = new URLSearchParams({
          username: `nobody-${newId().slice(-12)}@example.test`,
          password: 'Wrong-Passw0rd!',
          grant_type: 'password',
        }).toString();
        const request = http.request(
          `${context.server.url}/v1/fau/login`,
          {
            method: 'POST',
            localAddress: from,
            headers: {
              'Content-Type': 'application/x-www-form-urlencoded',
              'Content-Length': Buffer.byteLength(body),
              'X-Forwarded-For': forwardedFor,
            },
          },
          (response) => {
            response.resume();
            response.on('end', () => resolve(response.statusCode ?? 0));
          },
        );
        request.on('error', reject);
        request.end(body);
      });

    it('counts a peer that is not a trusted proxy under its own address, whatever X-Forwarded-For says', async () => {
      for (let attempt = 0; attempt < ADDRESS_MAX; attempt++) {
        expect(await failedLogin(CLIENT, `198.51.100.${attempt + 1}`)).toBe(401);
      }
      expect(await failedLogin(CLIENT, '198.51.100.99')).toBe(429);
      expect(await failedLogin(CLIENT, '10.9.9.9, 203.0.113.250')).toBe(429);
    });

    it('counts the forwarded client of a trusted proxy, read from the right', async () => {
      for (let attempt = 0; attempt < ADDRESS_MAX; attempt++) {
        // What the client wrote left of the address the proxy appended changes each time, and is never read.
        expect(await failedLogin(PROXY, `192.0.2.${attempt + 1}, 203.0.113.7`)).toBe(401);
      }
      expect(await failedLogin(PROXY, '192.0.2.99, 203.0.113.7')).toBe(429);
      expect(await failedLogin(PROXY, '203.0.113.7, 10.0.0.4')).toBe(429);
      // Another client behind the same proxy has its own count.
      expect(await failedLogin(PROXY, '203.0.113.8')).toBe(401);
    });
  },
  {
    env: {
      NODE_ENV: 'production',
      AUTH_SECRET: 'a-production-auth-secret-for-the-address-test',
      TRUSTED_PROXIES: `${PROXY},10.0.0.0/8`,
    },
    server: {
      authLimits: {
        login: {
          account: { max: 100, windowSeconds: 60, blockSeconds: 60 },
          address: { max: ADDRESS_MAX, windowSeconds: 60, blockSeconds: 60 },
        },
      },
    },
  },
);
