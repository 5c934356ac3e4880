import { describe, expect, it } from 'vitest';
import { normalizePatch } from './scim-patch.js';

const SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const patch = (...Operations: unknown[]) => ({ schemas: [SCHEMA], Operations });

describe('[SCIM]: identity providers’ PATCH made RFC 7644', () => {
  it('reads Entra’s booleans written as strings, by path or in a value', () => {
    expect(normalizePatch(patch({ op: 'Replace', path: 'active', value: 'False' }))).toEqual(
      patch({ op: 'Replace', path: 'active', value: false }),
    );
    expect(normalizePatch(patch({ op: 'replace', value: { Active: 'True', displayName: 'x' } }))).toEqual(
      patch({ op: 'replace', value: { Active: true, displayName: 'x' } }),
    );
  });

  it('leaves other strings as they are', () => {
    const body = patch({ op: 'replace', path: 'name.givenName', value: 'False' });
    expect(normalizePatch(body)).toEqual(body);
  });

  it('removes the members named by value one by one, not every member', () => {
    expect(
      normalizePatch(patch({ op: 'Remove', path: 'members', value: [{ value: 'u-1' }, { value: 'u"2' }] })),
    ).toEqual(
      patch({ op: 'remove', path: 'members[value eq "u-1"]' }, { op: 'remove', path: 'members[value eq "u\\"2"]' }),
    );
  });

  it('passes anything that is not a PatchOp to SCIMMY as it is, to refuse', () => {
    expect(normalizePatch('nope')).toBe('nope');
    expect(normalizePatch({ Operations: 'x' })).toEqual({ Operations: 'x' });
  });
});
