// The cluster's nginx.conf (npm run cluster) is generated from deploy/nginx.conf: the same edge, on local processes.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderClusterNginxConf } from '../../../scripts/cluster/nginx-conf.mjs';
import { nginxBlocks, read } from './deployment-fixtures.js';

const source = read('deploy/nginx.conf');
const options = {
  source,
  edgePort: 8180,
  apiPorts: [4501, 4502],
  gatewayPorts: [4511, 4512],
  clientDir: '/srv/client/dist',
  clusterDir: '/srv/cluster',
};
const withoutComments = (text: string) => text.replace(/(^|\s)#.*$/gm, '$1');
const generated = withoutComments(renderClusterNginxConf(options));
const deployed = withoutComments(source);
const http = nginxBlocks(generated, 'http')[0]!.body;
const squeeze = (text: string) => text.replace(/\s+/g, ' ').trim();
const serverOf = (text: string) => nginxBlocks(text, 'server')[0]!.body;
const upstreamServers = (text: string, name: string) => {
  const upstream = nginxBlocks(text, 'upstream').find((block) => block.args === name)!;
  return [...upstream.body.matchAll(/^\s*server\s+([^;]+);/gm)].map((match) => match[1]);
};

describe('the cluster nginx.conf generated from deploy/nginx.conf (scripts/cluster/nginx-conf.mjs)', () => {
  it('keeps every location of deploy/nginx.conf exactly as it is', () => {
    const locations = (text: string) =>
      nginxBlocks(serverOf(text), 'location').map((block) => [block.args, squeeze(block.body)]);
    expect(locations(generated)).toEqual(locations(deployed));
    expect(locations(generated).map(([args]) => args)).toEqual(
      expect.arrayContaining(['/v1/', '/socket.io/', '/', '/assets/', '= /healthz', '/api/image/uploads']),
    );
  });

  it('keeps the maps, the log format and the server-level settings, replacing only listen, root and the log file', () => {
    const blocks = (text: string, keyword: string) => nginxBlocks(text, keyword).map((block) => squeeze(block.body));
    expect(blocks(http, 'map')).toEqual(blocks(deployed, 'map'));
    expect(squeeze(http)).toContain(squeeze(/log_format[^;]+;/.exec(deployed)![0]));
    const settings = (text: string) =>
      squeeze(serverOf(text).replace(/location\s[^{]*\{(?:[^{}]|\{[^{}]*\})*\}/g, ''))
        .split(/;\s*/)
        .filter((directive) => !/^(listen|root|access_log)\s/.test(directive));
    expect(settings(generated)).toEqual(settings(deployed));
    const server = serverOf(generated);
    expect(server).toMatch(/^\s*listen 127\.0\.0\.1:8180;/m);
    expect(server).toMatch(/^\s*root \/srv\/client\/dist;/m);
    expect(server).toMatch(/^\s*access_log \/srv\/cluster\/logs\/access\.log ai_coaching;/m);
  });

  it('balances /v1/ over both APIs and /socket.io/ over both gateways, round robin and without Docker DNS', () => {
    expect(upstreamServers(http, 'ai_coaching_api')).toEqual(['127.0.0.1:4501', '127.0.0.1:4502']);
    expect(upstreamServers(http, 'ai_coaching_gateway')).toEqual(['127.0.0.1:4511', '127.0.0.1:4512']);
    for (const name of ['ai_coaching_api', 'ai_coaching_gateway']) {
      const body = nginxBlocks(http, 'upstream').find((block) => block.args === name)!.body;
      // No balancing method (round robin) and no stickiness; the rest of the block as deployed.
      expect(body).not.toMatch(/\b(ip_hash|hash|sticky|least_conn|random)\b/);
      const rest = (text: string) => squeeze(text.replace(/^\s*server\s[^;]+;/gm, ''));
      expect(rest(body)).toBe(rest(nginxBlocks(deployed, 'upstream').find((block) => block.args === name)!.body));
    }
    expect(generated).not.toMatch(/\bresolver\b|\bresolve;/);
  });

  it('is a whole nginx configuration: one worker, pid and temporary files in the cluster folder', () => {
    expect(generated).toMatch(/^worker_processes 1;/m);
    expect(generated).toMatch(/^pid \/srv\/cluster\/nginx\.pid;/m);
    expect(nginxBlocks(generated, 'events')).toHaveLength(1);
    expect(http).toMatch(/include \/etc\/nginx\/mime\.types;/);
    for (const name of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
      expect(http).toContain(`${name}_temp_path /srv/cluster/nginx/${name};`);
    }
  });

  it('refuses a deploy/nginx.conf whose replaced parts moved, instead of generating a different edge', () => {
    expect(() => renderClusterNginxConf({ ...options, source: source.replace('listen 80;', 'listen 8081;') })).toThrow(
      /exactly one `listen 80;`, found 0/,
    );
    expect(() =>
      renderClusterNginxConf({ ...options, source: source.replace(/server api:\d+ resolve;/, 'server api:3000;') }),
    ).toThrow(/api upstream server/);
  });

  it('is accepted by nginx -t where nginx is installed (npm run cluster checks it before every start)', () => {
    const nginx = ['nginx', '/usr/sbin/nginx'].find((binary) => spawnSync(binary, ['-v']).status === 0);
    if (!nginx) return; // npm run cluster runs the same check on the machine that has nginx
    const dir = mkdtempSync(path.join(os.tmpdir(), 'cluster-nginx-'));
    try {
      for (const folder of ['logs', 'nginx', 'client']) mkdirSync(path.join(dir, folder));
      const conf = path.join(dir, 'nginx.conf');
      const rendered = renderClusterNginxConf({
        ...options,
        clientDir: path.join(dir, 'client'),
        clusterDir: dir,
        ...(process.getuid?.() === 0 ? { user: 'root' } : {}),
      });
      writeFileSync(conf, rendered);
      const test = spawnSync(nginx, ['-t', '-q', '-p', dir, '-c', conf, '-e', path.join(dir, 'logs', 'error.log')], {
        encoding: 'utf8',
      });
      expect(test.stderr).toBe('');
      expect(test.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
