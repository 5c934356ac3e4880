import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mergeHandles } from './navigation/route-handle';
import { pageRoutes } from './route-table';

const handleFor = (path: string) => {
  const matches = matchRoutes(pageRoutes, path) ?? [];
  const last = matches.at(-1);
  return {
    handle: mergeHandles(matches.map((match) => match.route.handle)),
    pattern: last?.route.path,
    params: last?.params ?? {},
  };
};

// Spec §2, route by route: path, guarding permissions (all required) and public flag.
const SPEC_ROUTES: [string, string[], boolean][] = [
  ['/', [], true],
  ['/activate', [], true],
  ['/preconnect', [], true],
  ['/dashboard', ['dashboard-view'], false],
  ['/env', ['environment-variables-read', 'environment-variables-update'], false],
  ['/apps', [], false],
  ['/profile', ['user-self-edit'], false],
  ['/profile/change-password', ['user-self-edit'], false],
  ['/profile/transfer-credits', [], false],
  ['/terms/contact', [], true],
  ['/terms/privacy', [], true],
  ['/terms/conditions', [], true],
  ['/terms/legal-notices', [], true],
  ['/settings', [], false],
  ['/403', [], true],
  ['/ai-providers/list', ['ai-provider-list'], false],
  ['/ai-providers/create', ['ai-provider-create'], false],
  ['/ai-providers/edit/p-1', ['ai-provider-update', 'ai-provider-read'], false],
  [
    '/settings/metadata',
    [
      'organization-metadata-organization-update',
      'organization-metadata-product-update',
      'organization-metadata-custom-update',
    ],
    false,
  ],
  ['/settings/user/list', ['user-list', 'user-group-list'], false],
  ['/settings/user/create', ['user-create'], false],
  ['/settings/user/edit/u-1', ['user-update'], false],
  ['/settings/my-organization', ['organization-self-edit'], false],
  ['/settings/usergroup/create', ['user-group-create'], false],
  ['/settings/usergroup/edit/g-1', ['user-group-create'], false],
  ['/settings/organization/list', ['organization-list'], false],
  ['/settings/organization/create', ['organization-create'], false],
  ['/settings/organization/edit/o-1', ['organization-update', 'organization-detail-read'], false],
  ['/settings/organization/transaction/o-1', ['credit-allocate', 'credit-deallocate'], false],
  ['/settings/organization/transaction/history/o-1', [], false],
  ['/apps/ai-coaching/mission/list', ['coaching-mission-list'], false],
  ['/apps/ai-coaching/persona/create', ['coaching-persona-create'], false],
  ['/apps/ai-coaching/observer/create/o-9', ['coaching-observer-create'], false],
  ['/apps/ai-coaching/playlist/create', ['coaching-playlist-create'], false],
  ['/apps/ai-coaching/scenario/edit/s-1', ['coaching-scenario-update', 'coaching-scenario-read'], false],
  ['/apps/ai-coaching/mission/fork/m-1', ['coaching-mission-fork'], false],
  // Spec §2 has the coaching play app public; a guest has a token anyway, so we send the signed-out to the login
  // (issue 23, docs/client.md).
  ['/apps/ai-coaching/session/play-abc', [], false],
  ['/apps/ai-coaching/session/result-abc', [], false],
  ['/shared/ai-coaching-session/code-1', [], true],
];

describe('route table (spec §2)', () => {
  it.each(SPEC_ROUTES)('%s needs %j (public: %s)', (path, permissions, isPublic) => {
    const { handle, pattern } = handleFor(path);
    expect(pattern, `${path} must not fall through to the 404 route`).not.toBe('*');
    expect([...(handle.permissions ?? [])].sort()).toEqual([...permissions].sort());
    expect(Boolean(handle.public)).toBe(isPublic);
  });

  it('sends unknown paths to the public 404 route', () => {
    expect(handleFor('/no/such/page').pattern).toBe('*');
    expect(handleFor('/apps/ai-coaching/nothing/here').pattern).toBe('*');
  });

  it('checks ids and the play-/result-/info- prefixes', () => {
    const check = (path: string) => {
      const { handle, params } = handleFor(path);
      return handle.isValid?.(params) ?? true;
    };
    expect(check('/settings/user/edit/u_1-x')).toBe(true);
    expect(check('/settings/user/edit/bad%20id')).toBe(false);
    expect(check('/apps/ai-coaching/session/play-s1')).toBe(true);
    expect(check('/apps/ai-coaching/session/result-s1')).toBe(true);
    expect(check('/apps/ai-coaching/session/s1')).toBe(false);
    expect(check('/apps/ai-coaching/scenario/info-s1')).toBe(true);
    expect(check('/apps/ai-coaching/playlist/play-p1')).toBe(true);
    expect(check('/apps/ai-coaching/playlist/p1')).toBe(false);
    expect(handleFor('/apps/ai-coaching/playlist/play-p1').handle.permissions).toEqual(['coaching-playlist-read']);
    expect(handleFor('/apps/ai-coaching/playlist/list').pattern).toBe('playlist/list');
    expect(check('/terms/cookies')).toBe(false);
  });

  it('uses the coaching layouts for play and result', () => {
    const layoutOf = (path: string) => {
      const { handle, params } = handleFor(path);
      return typeof handle.layout === 'function' ? handle.layout(params) : handle.layout;
    };
    expect(layoutOf('/apps/ai-coaching/session/play-1')).toBe('coaching-app');
    expect(layoutOf('/apps/ai-coaching/session/result-1')).toBe('coaching-no-sidebar');
    expect(layoutOf('/shared/ai-coaching-session/x')).toBe('web-empty');
    expect(layoutOf('/redirect/guest')).toBe('web-empty');
    expect(layoutOf('/shared/end')).toBe('web-empty');
    expect(layoutOf('/activate')).toBe('web-login');
    expect(layoutOf('/')).toBe('web');
  });
});
