import { readFileSync } from 'node:fs';
import * as contracts from '@ai-coaching/contracts';
import { describe, expect, it } from 'vitest';
import {
  CONTRACT_ROUTES_FILE,
  contractRoutesSource,
  operationGroups,
} from '../../../client/tooling/generate-contract-routes.mjs';

describe('client/src/lib/http/contract-routes.ts', () => {
  it('is what the generator writes from the contracts today', async () => {
    const expected = await contractRoutesSource(contracts);
    expect(
      readFileSync(CONTRACT_ROUTES_FILE, 'utf8') === expected,
      'stale: run `npx tsc -b contracts && node client/tooling/generate-contract-routes.mjs`',
    ).toBe(true);
  });

  it('has every operation group the contracts export', () => {
    const names = operationGroups(contracts).map((group) => group.name);
    expect(names).toContain('userGroupOperations');
    expect(names).toContain('personaContentOperations');
    expect(names).not.toContain('defineOperations');
    const exported = Object.keys(contracts).filter((name) => /^[a-z]\w*Operations$/.test(name));
    expect(names.filter((name) => !name.endsWith('ContentOperations')).sort()).toEqual(
      exported.filter((name) => name !== 'defineOperations').sort(),
    );
  });
});
