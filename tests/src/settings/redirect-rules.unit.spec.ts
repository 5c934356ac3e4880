import { describe, expect, it } from 'vitest';
import { checkNoRedirectLoop, checkRedirectTarget, redirectPathOnApp, redirectSource } from '@ai-coaching/application';

const APP = 'http://app.test';
const stored = (redirects: Record<string, string>) => async (path: string) => redirects[path] ?? null;
const refusal = async (run: () => unknown) => {
  try {
    await run();
  } catch (error) {
    return error;
  }
  return undefined;
};

describe('redirect rules', () => {
  it('stores a source as the browser sends it, and refuses API paths and the root', () => {
    expect(redirectSource('/café/./menu')).toBe('/caf%C3%A9/menu');
    for (const source of ['/', '/x/../v1/me', '/API/x', 'relative', '/a?b', '/a b']) {
      expect(() => redirectSource(source), source).toThrow(
        expect.objectContaining({ code: 'redirect_source_invalid' }),
      );
    }
  });

  it('accepts internal paths and http(s) addresses as targets, nothing else', () => {
    expect(() => checkRedirectTarget('/new?tab=1')).not.toThrow();
    expect(() => checkRedirectTarget('https://docs.example.org/a')).not.toThrow();
    for (const target of ['//evil.example', 'javascript:alert(1)', 'https:evil.example', '/\\evil.example', '']) {
      expect(() => checkRedirectTarget(target), target).toThrow(
        expect.objectContaining({ code: 'redirect_target_invalid', details: { field: 'target' } }),
      );
    }
  });

  it('follows a target on the app’s own origin only', () => {
    expect(redirectPathOnApp('/./a?x#y', APP)).toBe('/a');
    expect(redirectPathOnApp(`${APP}/b`, APP)).toBe('/b');
    expect(redirectPathOnApp('https://elsewhere.example/b', APP)).toBeNull();
  });

  it('refuses a target leading back to the source, directly or through stored redirects', async () => {
    const none = stored({});
    expect(
      await refusal(() => checkNoRedirectLoop({ sourcePath: '/a', target: '/a', appOrigin: APP }, none)),
    ).toMatchObject({ code: 'redirect_loop', message: 'A path cannot redirect to itself.' });
    const chain = stored({ '/b': `${APP}/c`, '/c': '/a' });
    expect(
      await refusal(() => checkNoRedirectLoop({ sourcePath: '/a', target: '/b', appOrigin: APP }, chain)),
    ).toMatchObject({ code: 'redirect_loop', details: { field: 'target' } });
    expect(
      await refusal(() =>
        checkNoRedirectLoop({ sourcePath: '/a', target: 'https://elsewhere.example/a', appOrigin: APP }, chain),
      ),
    ).toBeUndefined();
  });

  it('refuses a chain of more than 10 redirects', async () => {
    const hops = stored(Object.fromEntries(Array.from({ length: 10 }, (_, hop) => [`/h${hop}`, `/h${hop + 1}`])));
    expect(
      await refusal(() => checkNoRedirectLoop({ sourcePath: '/x', target: '/h1', appOrigin: APP }, hops)),
    ).toBeUndefined();
    expect(
      await refusal(() => checkNoRedirectLoop({ sourcePath: '/x', target: '/h0', appOrigin: APP }, hops)),
    ).toMatchObject({ code: 'redirect_loop' });
  });
});
