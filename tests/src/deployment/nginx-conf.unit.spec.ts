// deploy/nginx.conf: what it proxies where, body limits, the SPA's caching and the API's security headers.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApiApp } from '@ai-coaching/api';
import { IMAGE_UPLOAD_MAX_BYTES } from '@ai-coaching/contracts';
import { configSchema, createLogger, loadConfig } from '@ai-coaching/platform';
import { describe, expect, it } from 'vitest';
import {
  read,
  resolvedEnvironmentOf,
  stage,
  nginx,
  nginxBlocks,
  location,
  proxiedTo,
  addedHeaders,
  sizeInKiB,
} from './deployment-fixtures.js';

describe('deploy/nginx.conf', () => {
  it('proxies /v1/ and /openapi.json to the api and /socket.io/ to the gateway, on the ports they listen on', () => {
    const port = (service: string) => resolvedEnvironmentOf(service).PORT;
    expect(proxiedTo('/v1/')).toBe(`api:${port('api')}`);
    expect(proxiedTo('= /openapi.json')).toBe(`api:${port('api')}`);
    expect(proxiedTo('/api/image/uploads')).toBe(`api:${port('api')}`);
    expect(proxiedTo('/socket.io/')).toBe(`gateway:${port('gateway')}`);
    expect(port('api')).toBe('3000');
    expect(port('gateway')).toBe('3001');
  });

  it('passes WebSocket upgrades, the request id and X-Forwarded-* on every proxied location', () => {
    const server = nginxBlocks(nginx, 'server')[0]!.body;
    expect(server).toMatch(/proxy_http_version\s+1\.1;/);
    expect(server).toMatch(/proxy_set_header\s+Upgrade\s+\$http_upgrade;/);
    expect(server).toMatch(/proxy_set_header\s+Connection\s+\$\w+;/);
    for (const header of ['X-Request-Id', 'X-Forwarded-For', 'X-Forwarded-Proto', 'X-Forwarded-Host']) {
      expect(server).toMatch(new RegExp(`proxy_set_header\\s+${header}\\s+\\$\\w+;`));
    }
    // proxy_set_header is inherited only by a location that sets none itself.
    for (const args of ['/v1/', '= /openapi.json', '/api/image/uploads', '/socket.io/'])
      expect(location(args)).not.toContain('proxy_set_header');
  });

  it("limits request bodies to the API's HTTP_BODY_LIMIT_KB", () => {
    const size = /client_max_body_size\s+(\S+);/.exec(nginx)?.[1];
    expect(size).toBeDefined();
    const apiLimit = configSchema.shape.HTTP_BODY_LIMIT_KB.parse(resolvedEnvironmentOf('api').HTTP_BODY_LIMIT_KB);
    expect(sizeInKiB(size!)).toBe(apiLimit);
    expect(apiLimit).toBe(1024);
  });

  it('lets an image upload through whole: the largest image the API takes, and its form around it', () => {
    const size = /client_max_body_size\s+(\S+);/.exec(location('/api/image/uploads'))?.[1];
    const kib = sizeInKiB(size!);
    expect(kib * 1024).toBeGreaterThan(IMAGE_UPLOAD_MAX_BYTES);
    expect(kib * 1024).toBeLessThanOrEqual(IMAGE_UPLOAD_MAX_BYTES + 2 * 1024 * 1024);
  });

  it('serves the SPA with its fallback and cache policy, and answers /healthz itself', () => {
    expect(location('/')).toMatch(/try_files\s+\$uri\s+\/index\.html;/);
    expect(location('/assets/')).toMatch(/try_files\s+\$uri\s+=404;/);
    expect(location('= /healthz')).toMatch(/return\s+200\b/);
    const cacheVariable = addedHeaders(location('/'))['cache-control'];
    const cacheMap = nginxBlocks(nginx, 'map').find((block) => block.args.split(/\s+/)[1] === cacheVariable);
    expect(cacheMap, 'the Cache-Control map').toBeDefined();
    expect(cacheMap!.body).toMatch(/~\^\/assets\/\s+"public, max-age=31536000, immutable";/);
    expect(cacheMap!.body).toMatch(/\/index\.html\s+"no-cache";/);
    expect(cacheMap!.body).toMatch(/\/build\/latest\.json\s+"no-cache";/);
  });

  it('sends the precompressed gzip files of the client build, and compresses the rest on the fly', () => {
    const server = nginxBlocks(nginx, 'server')[0]!.body;
    // Server level, so the SPA location and its /assets/ location both inherit them.
    expect(server).toMatch(/^\s*gzip_static\s+on;/m);
    expect(server).toMatch(/^\s*gzip\s+on;/m);
    expect(server).toMatch(/^\s*gzip_vary\s+on;/m);
    for (const args of ['/', '/assets/']) expect(location(args)).not.toMatch(/gzip_static\s+off/);
    // What the build precompresses, nginx knows how to send (JavaScript, CSS, JSON, SVG).
    const types = /gzip_types\s+([^;]+);/.exec(server)?.[1]?.split(/\s+/) ?? [];
    for (const type of ['application/javascript', 'text/css', 'application/json', 'image/svg+xml']) {
      expect(types).toContain(type);
    }
    // The build writes those files: the Dockerfile's client stage copies them from client/dist.
    expect(read('client/vite.config.ts')).toMatch(/precompressPlugin\(\)/);
  });

  it('uses no directive of a module the stock nginx image lacks (brotli), which would stop nginx from starting', () => {
    expect(stage('client').base).toBe('nginx:1.27-alpine');
    expect(nginx).not.toMatch(/(^|[\s;{])brotli\w*\s/m);
    expect(nginx).not.toMatch(/^\s*load_module\b/m);
  });

  it('sends the same security headers as the API', async () => {
    const stub = new Proxy(
      {},
      {
        get: () => () => {
          throw new Error('not used by /healthz');
        },
      },
    );
    const app = createApiApp({
      config: loadConfig({}),
      logger: createLogger({ level: 'silent' }),
      db: stub,
      store: stub,
      queue: stub,
      tokens: stub,
    } as unknown as Parameters<typeof createApiApp>[0]);
    const server = http.createServer(app.callback());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/healthz`);
      expect(response.status).toBe(200);
      const notSecurity = new Set([
        'cache-control',
        'connection',
        'content-length',
        'content-type',
        'date',
        'keep-alive',
        'vary',
        'x-request-id',
      ]);
      const fromApi: Record<string, string> = {};
      response.headers.forEach((value, name) => {
        if (!notSecurity.has(name)) fromApi[name] = value;
      });
      const fromNginx = addedHeaders(location('/'));
      delete fromNginx['cache-control'];
      expect(fromNginx).toEqual(fromApi);
      expect(fromNginx['content-security-policy']).toContain("frame-ancestors 'none'");
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
