import { apiRoutes, type RouteDefinition } from '@ai-coaching/api';
import { type ApiAnswer, apiClient, describeApi, signIn, TEST_PASSWORD } from '@ai-coaching/api/testing';
import { issueText, type ErrorBody } from '@ai-coaching/contracts';
import { beforeAll, expect, it } from 'vitest';
import type { z } from 'zod';

/**
 * Security finding 2.1 of issue 9: a NUL character or a lone surrogate in a string answered 500
 * `internal_error`. Generated from the route table: every string field of every operation's
 * path parameters, query and body (found by walking its zod schemas) gets each poison, as a
 * super-admin (who reaches every input schema) and without a token. A JSON body carries both as
 * they are; a URL carries NUL as `%00` and the surrogate as the bytes `%ED%A0%80` (a URL cannot
 * hold an unpaired surrogate: servers decode those bytes to U+FFFD).
 */

const ADMIN_EMAIL = 'admin@localhost.localdomain';
const POISONS = [
  { name: 'NUL', text: '\u0000', url: '%00' },
  { name: 'lone surrogate', text: '\ud800', url: '%ED%A0%80' },
] as const;

/** A string somewhere in a schema: its request path (`metadata_custom.key`) and how to build a value around it. */
type StringSlot = { label: string; build: (poison: string) => unknown };

type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  options?: z.ZodType[];
  element?: z.ZodType;
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  left?: z.ZodType;
  right?: z.ZodType;
  catchall?: z.ZodType;
};

const join = (label: string, key: string) => (label ? `${label}.${key}` : key);

/** Every string slot of a schema, depth first; a union contributes each label once. */
const stringSlots = (schema: z.ZodType | undefined, label = ''): StringSlot[] => {
  if (!schema) return [];
  const def = (schema as unknown as { _zod: { def: Def } })._zod.def;
  switch (def.type) {
    case 'string':
      return [{ label, build: (poison) => poison }];
    case 'object':
      return Object.entries(def.shape ?? {}).flatMap(([key, child]) =>
        stringSlots(child, join(label, key)).map((slot) => ({
          label: slot.label,
          build: (poison: string) => ({ [key]: slot.build(poison) }),
        })),
      );
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return stringSlots(def.innerType, label);
    case 'pipe':
      return stringSlots(def.in, label);
    case 'union': {
      const seen = new Set<string>();
      return (def.options ?? [])
        .flatMap((option) => stringSlots(option, label))
        .filter((slot) => !seen.has(slot.label) && seen.add(slot.label));
    }
    case 'array':
      return stringSlots(def.element, join(label, '0')).map((slot) => ({
        label: slot.label,
        build: (poison: string) => [slot.build(poison)],
      }));
    case 'record':
      return [
        ...stringSlots(def.keyType, join(label, '<key>')).map((slot) => ({
          label: slot.label,
          build: (poison: string) => ({ [String(slot.build(poison))]: 'value' }),
        })),
        ...stringSlots(def.valueType, join(label, 'key')).map((slot) => ({
          label: slot.label,
          build: (poison: string) => ({ key: slot.build(poison) }),
        })),
      ];
    case 'intersection':
      return [...stringSlots(def.left, label), ...stringSlots(def.right, label)];
    default:
      return [];
  }
};

type Probe = {
  route: RouteDefinition;
  where: 'params' | 'query' | 'body';
  label: string;
  poison: (typeof POISONS)[number];
  /** The request: the path with placeholders, and what it carries. */
  path: string;
  body?: unknown;
  form?: Record<string, string>;
};

const PLACEHOLDER = 'x1';

const pathWith = (route: RouteDefinition, param?: { name: string; value: string }) =>
  route.path.replace(/:(\w+)/g, (_, name: string) => (name === param?.name ? param.value : PLACEHOLDER));

const topLevel = (label: string) => label.split('.')[0]!;

/** Every probe of one route: each string slot of its params, query and body, with each poison. */
const probesOf = (route: RouteDefinition): Probe[] =>
  POISONS.flatMap((poison) => [
    ...stringSlots(route.params).map((slot): Probe => ({
      route,
      where: 'params',
      label: slot.label,
      poison,
      path: pathWith(route, { name: slot.label, value: poison.url }),
    })),
    // A query parameter is flat: the value at its top-level name (an array query takes one value).
    ...[...new Set(stringSlots(route.query).map((slot) => topLevel(slot.label)))].map((name): Probe => ({
      route,
      where: 'query',
      label: name,
      poison,
      path: `${pathWith(route)}?${encodeURIComponent(name)}=${poison.url}`,
    })),
    ...stringSlots(route.body).map((slot): Probe => {
      const value = slot.build(poison.text) as Record<string, unknown>;
      return {
        route,
        where: 'body',
        label: slot.label,
        poison,
        path: pathWith(route),
        ...(route.bodyEncoding === 'form'
          ? { form: Object.fromEntries(Object.entries(value).map(([key, item]) => [key, String(item)])) }
          : { body: value }),
      };
    }),
  ]);

const routes = apiRoutes([]);
const probes = routes.flatMap(probesOf);
const describeProbe = (probe: Probe) =>
  `${probe.route.method} ${probe.route.path} ${probe.where} ${probe.label} with a ${probe.poison.name}`;

/** Whether the poison reached the request's schema as it was sent (a URL cannot carry a lone surrogate). */
const arrivesIntact = (probe: Probe) => probe.poison.name === 'NUL' || (probe.where === 'body' && !probe.form);

const UNSTORABLE = issueText('en-GB', 'unstorable_text');

await describeApi(
  '[SECURITY]: NUL and lone surrogates in any string are a 400, never a 500,',
  (context) => {
    let admin: string;
    const send = (probe: Probe, token: string | undefined): Promise<ApiAnswer<Partial<ErrorBody>>> =>
      apiClient(context.server, token).send(probe.route.method, probe.path, {
        ...(probe.form ? { form: probe.form } : {}),
        ...(probe.body !== undefined ? { body: probe.body } : {}),
      });

    beforeAll(async () => {
      admin = await signIn(context.server, ADMIN_EMAIL, TEST_PASSWORD);
    }, 90_000);

    it('probes every operation with a string input, the unauthenticated ones and the filters included', () => {
      const probed = new Set(probes.map((probe) => `${probe.route.method} ${probe.route.path}`));
      for (const route of [
        'POST /v1/fau/login',
        'POST /v1/reset_own_password',
        'POST /v1/change_password_after_reset',
        'GET /v1/check_invite_code/:invite_code',
        'POST /v1/activate_account',
        'POST /v1/keycloak/callback',
        'GET /v1/keycloak/get_login_url',
        'POST /v1/keycloak/refresh_token',
        'POST /v1/keycloak/logout',
        'GET /v1/users',
        'POST /v1/users',
        'PATCH /v1/users/:id',
        'GET /v1/user_groups',
        'POST /v1/user_groups',
        'PATCH /v1/user_groups/:id',
        'GET /v1/organizations',
        'PATCH /v1/organizations/:id',
      ]) {
        expect(probed, route).toContain(route);
      }
      expect(probes.filter((probe) => probe.where === 'query' && probe.label === 'q').length).toBeGreaterThan(4);
    });

    it('refuses each poison as a super-admin with a 400 that names the field, never a 500', async () => {
      const failures: string[] = [];
      for (const probe of probes) {
        const answer = await send(probe, admin);
        const issues = answer.body?.details?.issues ?? [];
        if (answer.status >= 500) failures.push(`${describeProbe(probe)}: ${answer.status} ${answer.body?.code}`);
        else if (answer.body?.code === 'invalid_text') failures.push(`${describeProbe(probe)}: reached the database`);
        else if (arrivesIntact(probe)) {
          const named = issues.find((issue) => topLevel(issue.path) === topLevel(probe.label));
          if (answer.status !== 400 || answer.body?.code !== 'invalid_request' || !named) {
            failures.push(`${describeProbe(probe)}: ${answer.status} ${answer.body?.code} ${JSON.stringify(issues)}`);
          }
        } else if (answer.status < 200) {
          failures.push(`${describeProbe(probe)}: ${answer.status}`);
        }
      }
      expect(failures).toEqual([]);
    }, 300_000);

    it('answers each poison without a token with a 4xx, never a 500', async () => {
      const failures: string[] = [];
      for (const probe of probes) {
        const answer = await send(probe, undefined);
        if (answer.status >= 500 || answer.body?.code === 'invalid_text') {
          failures.push(`${describeProbe(probe)}: ${answer.status} ${answer.body?.code}`);
        }
        if (arrivesIntact(probe) && (answer.status < 400 || answer.status >= 500)) {
          failures.push(`${describeProbe(probe)}: ${answer.status}`);
        }
      }
      expect(failures).toEqual([]);
    }, 300_000);

    it('names the field of a NUL in the password login, the reset request and a group name', async () => {
      const login = await apiClient(context.server).send('POST', '/v1/fau/login', {
        form: { username: 'ada\u0000@example.test', password: 'x', grant_type: 'password', scope: '' },
      });
      expect(login.status).toBe(400);
      expect(login.body?.details?.issues).toContainEqual({ path: 'username', message: UNSTORABLE });

      const reset = await apiClient(context.server).send('POST', '/v1/reset_own_password', {
        body: { account_email: '\ud800@example.test' },
      });
      expect(reset.status).toBe(400);
      expect(reset.body?.details?.issues).toEqual([{ path: 'account_email', message: UNSTORABLE }]);

      const group = await apiClient(context.server, admin).send('POST', '/v1/user_groups', {
        body: { name: 'Team\u0000', organization_id: PLACEHOLDER },
      });
      expect(group.status).toBe(400);
      expect(group.body?.details?.issues).toContainEqual({ path: 'name', message: UNSTORABLE });
    });
  },
  { env: { PUBLIC_URL: 'http://app.test' } },
);
