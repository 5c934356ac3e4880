import * as contracts from '@ai-coaching/contracts';
import { describe, expect, it } from 'vitest';
import * as routes from './contract-routes';

const pick = ({ method, path, bodyEncoding }: { method: string; path: string; bodyEncoding?: string }) => ({
  method,
  path,
  ...(bodyEncoding === undefined ? {} : { bodyEncoding }),
});

describe('contract routes (the operations without their schemas)', () => {
  it.each(Object.keys(routes))(
    '%s: the method, path and body encoding of every operation, and nothing else',
    (group) => {
      const exported = contracts as unknown as Record<string, Record<string, contracts.Operation> | undefined>;
      // A content kind's group is its definition's `operations` (`personaContentOperations`: `personaContent`).
      const operations =
        exported[group] ??
        (exported[group.replace(/Operations$/, '')] as { operations?: Record<string, contracts.Operation> } | undefined)
          ?.operations;
      const generated = (routes as unknown as Record<string, Record<string, unknown>>)[group];
      expect(operations, `@ai-coaching/contracts exports ${group}`).toBeDefined();
      expect(generated).toEqual(
        Object.fromEntries(Object.entries(operations ?? {}).map(([name, op]) => [name, pick(op)])),
      );
    },
  );
});
