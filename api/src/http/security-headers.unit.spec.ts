import { describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from './security-headers.js';

const directive = (name: string) =>
  CONTENT_SECURITY_POLICY.split('; ')
    .find((part) => part.startsWith(`${name} `))
    ?.split(' ')
    .slice(1);

describe('[SECURITY]: content security policy', () => {
  it('lets the page connect only to its own origin, never to any ws:/wss: host', () => {
    expect(directive('connect-src')).toEqual(["'self'"]);
  });

  it('allows no inline script and no framing', () => {
    expect(directive('script-src')).toEqual(["'self'"]);
    expect(directive('frame-ancestors')).toEqual(["'none'"]);
    expect(directive('object-src')).toEqual(["'none'"]);
  });
});
