import { permissionsOf } from '@ai-coaching/domain';
import type { Caller } from '@ai-coaching/platform';
import { describe, expect, it } from 'vitest';
import { checkAccess } from './mount-routes.js';
import { permission, type RouteAccess } from './route.js';

const user = (role: 'operator' | 'user'): Caller => ({
  kind: 'user',
  userId: 'u1',
  organizationId: 'o1',
  email: 'u1@example.test',
  firstName: '',
  lastName: '',
  role,
  permissions: permissionsOf(role),
  sessionId: 's1',
});
const guest: Caller = {
  kind: 'guest',
  guestId: 'g1',
  role: 'guest',
  permissions: permissionsOf('guest'),
  sharedSessionId: 'session-7',
  sessionId: 's2',
};
const sharedSession: RouteAccess = { kind: 'shared-session', param: 'session_id', anyOf: ['coaching-session-run'] };

const refusal = (access: RouteAccess, state: Parameters<typeof checkAccess>[1], params = {}) => {
  try {
    checkAccess(access, state, params);
  } catch (error) {
    return { status: (error as { status: number }).status, code: (error as { code: string }).code };
  }
  return undefined;
};

describe('route access rules', () => {
  it('answers 401 with the reason when no caller was resolved', () => {
    expect(refusal(permission('user-list'), {})).toEqual({ status: 401, code: 'unauthorized' });
    expect(refusal(permission('user-list'), { authRefusal: 'session_ended' })).toEqual({
      status: 401,
      code: 'session_ended',
    });
    expect(refusal(permission('user-list'), { authRefusal: 'account_disabled' })).toEqual({
      status: 401,
      code: 'account_disabled',
    });
  });

  it('admits a user holding any of the listed permissions', () => {
    expect(refusal(permission('user-list', 'organization-create'), { caller: user('operator') })).toBeUndefined();
    expect(refusal(permission('user-list'), { caller: user('user') })).toEqual({ status: 403, code: 'forbidden' });
  });

  it('keeps guests out of user routes', () => {
    expect(refusal({ kind: 'signed-in' }, { caller: guest })).toEqual({ status: 403, code: 'forbidden' });
    expect(refusal(permission('coaching-session-run'), { caller: guest })).toEqual({ status: 403, code: 'forbidden' });
    expect(refusal({ kind: 'authenticated' }, { caller: guest })).toBeUndefined();
  });

  it('lets a guest into only the shared session its token names', () => {
    expect(refusal(sharedSession, { caller: guest }, { session_id: 'session-7' })).toBeUndefined();
    expect(refusal(sharedSession, { caller: guest }, { session_id: 'session-8' })).toEqual({
      status: 403,
      code: 'forbidden',
    });
    expect(refusal(sharedSession, { caller: user('user') }, { session_id: 'session-8' })).toBeUndefined();
  });

  it('admits anyone on public routes', () => {
    expect(refusal({ kind: 'public' }, {})).toBeUndefined();
  });
});
