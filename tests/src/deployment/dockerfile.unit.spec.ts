// The Dockerfile's stages and what goes into the build context (.dockerignore).
import path from 'node:path';
import { configSchema } from '@ai-coaching/platform';
import { describe, expect, it } from 'vitest';
import { read, stages, stage, envNamesOf, execForm, workspaces, SERVER_WORKSPACES } from './deployment-fixtures.js';

describe('Dockerfile', () => {
  it('has the build, runtime and client stages on the documented bases', () => {
    expect(stage('build').base).toBe('node:20-bookworm-slim');
    expect(stage('runtime').base).toBe('node:20-bookworm-slim');
    expect(stage('client').base).toBe('nginx:1.27-alpine');
    // A plain `docker build .` produces the last stage: the runtime.
    expect(stages.at(-1)?.name).toBe('runtime');
  });

  it('copies every workspace manifest before npm ci, so installs are cached and the lockfile matches', () => {
    for (const [name, install] of [
      ['build', /^RUN\s.*\bnpm ci\b/],
      ['runtime', /^RUN\s.*\bnpm ci\b.*--omit=dev/],
    ] as const) {
      const instructions = stage(name).instructions;
      const installAt = instructions.findIndex((instruction) => install.test(instruction));
      expect(installAt, `${name} runs ${String(install)}`).toBeGreaterThan(-1);
      const before = instructions.slice(0, installAt).join('\n');
      expect(before, name).toMatch(/^COPY package\.json package-lock\.json \.\/$/m);
      for (const workspace of workspaces)
        expect(before, `${name}: ${workspace}`).toContain(`COPY ${workspace}/package.json`);
      // Nothing else of the sources is copied before the install.
      expect(before, name).not.toMatch(/^COPY \. /m);
    }
  });

  it('ships the compiled server workspaces and runs as node in production', () => {
    const runtime = stage('runtime');
    const body = runtime.instructions.join('\n');
    for (const workspace of SERVER_WORKSPACES)
      expect(body).toContain(`COPY --from=build /app/${workspace}/dist ${workspace}/dist`);
    expect(runtime.instructions.findLast((instruction) => /^USER\s/i.test(instruction))).toBe('USER node');
    expect(body).toMatch(/NODE_ENV=production/);
    expect(body).toMatch(/HOST=0\.0\.0\.0/);
    for (const variable of envNamesOf(runtime)) expect(Object.keys(configSchema.shape), variable).toContain(variable);
    expect(execForm(runtime, 'CMD')).toEqual(['node', 'api/dist/main.js']);
  });

  it('builds the server and the client, and serves the client with deploy/nginx.conf', () => {
    const build = stage('build').instructions.join('\n');
    const projects = /tsc -b ([^\n]+)/.exec(build)?.[1]?.trim().split(/\s+/) ?? [];
    // Every server workspace whose dist the runtime copies is compiled, directly or through a solution file.
    const compiled = projects.flatMap((project) =>
      project.endsWith('.json')
        ? (JSON.parse(read(project)) as { references: { path: string }[] }).references.map((ref) =>
            path.normalize(ref.path),
          )
        : [project],
    );
    expect([...compiled].sort()).toEqual([...SERVER_WORKSPACES].sort());
    expect(build).toContain('npm run build -w @ai-coaching/client');
    const client = stage('client').instructions.join('\n');
    expect(client).toContain('COPY deploy/nginx.conf /etc/nginx/conf.d/default.conf');
    expect(client).toContain('COPY --from=build /app/client/dist /usr/share/nginx/html');
  });
});

describe('.dockerignore', () => {
  it('keeps dependencies, build output, local data and secrets out of the build context', () => {
    const patterns = read('.dockerignore')
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith('#'));
    for (const pattern of [
      '**/node_modules',
      '**/dist',
      '**/*.tsbuildinfo',
      'data',
      '.git',
      'test-results',
      '**/.env',
    ]) {
      expect(patterns).toContain(pattern);
    }
    // The build needs these, so they must not be ignored.
    for (const needed of ['deploy', 'package-lock.json', 'tsconfig.base.json']) expect(patterns).not.toContain(needed);
  });
});
