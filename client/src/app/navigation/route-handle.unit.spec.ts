import { describe, expect, it } from 'vitest';
import { toCurrentUser } from '../../lib/session/current-user';
import { chooseLayout, hasAccount, mergeHandles } from './route-handle';

describe('chooseLayout (spec §2 "Layouts")', () => {
  it('uses a route’s own layout whatever the sign-in state', () => {
    expect(chooseLayout({ layout: 'web' }, {}, true)).toBe('web');
    expect(chooseLayout({ layout: 'web-login' }, {}, false)).toBe('web-login');
    expect(chooseLayout({ layout: 'web-empty' }, {}, true)).toBe('web-empty');
  });

  it('signed in: the default app layout; signed out: login, or content for terms', () => {
    expect(chooseLayout({}, {}, true)).toBe('default-app');
    expect(chooseLayout({ signedOutLayout: 'web-content' }, {}, true)).toBe('default-app');
    expect(chooseLayout({ signedOutLayout: 'web-content' }, {}, false)).toBe('web-content');
    expect(chooseLayout({}, {}, false)).toBe('web-login');
  });

  it('lets the address decide (coaching play vs result)', () => {
    const handle = {
      layout: (params: Record<string, string | undefined>) =>
        params['slug']?.startsWith('result-') ? ('coaching-no-sidebar' as const) : ('coaching-app' as const),
    };
    expect(chooseLayout(handle, { slug: 'play-1' }, false)).toBe('coaching-app');
    expect(chooseLayout(handle, { slug: 'result-1' }, true)).toBe('coaching-no-sidebar');
  });
});

describe('hasAccount', () => {
  it('is false for a guest: they get the signed-out frame, not the app’s account menu and settings', () => {
    expect(hasAccount(null)).toBe(false);
    expect(hasAccount(toCurrentUser({ organization_role: 'guest', permissions: ['coaching-session-read'] }))).toBe(
      false,
    );
    expect(hasAccount(toCurrentUser({ email: 'u@example.com', organization_role: 'user' }))).toBe(true);
  });
});

describe('mergeHandles', () => {
  it('accumulates permissions down the branch and lets the deepest route decide the rest', () => {
    expect(
      mergeHandles([
        { permissions: ['user-list'], public: true },
        undefined,
        { permissions: ['user-update'], public: false },
      ]),
    ).toEqual({ permissions: ['user-list', 'user-update'], public: false });
  });
});
