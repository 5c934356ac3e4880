import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CREDIT_HISTORY_LABELS } from '@ai-coaching/application';
import { MOVEMENT_KINDS } from '@ai-coaching/contracts';
import { USER_LOCALES } from '@ai-coaching/domain';
import { describe, expect, it } from 'vitest';

// The CSV export names kinds and system accounts with the history screen's words (issue 9, 1.8):
// the server keeps its own copy, and this keeps it equal to the client's catalogue.

const catalogue = (locale: string) =>
  JSON.parse(
    readFileSync(path.resolve(import.meta.dirname, `../../../client/src/locales/${locale}/credits.json`), 'utf8'),
  ) as {
    history: {
      kinds: Record<string, string>;
      accounts: { issuance: string; consumed: string; unknown: Record<string, string> };
    };
  };

describe('[CREDITS]: the export’s words', () => {
  for (const locale of USER_LOCALES) {
    it(`are the history screen's in ${locale}`, () => {
      const { kinds, accounts } = catalogue(locale).history;
      const labels = CREDIT_HISTORY_LABELS[locale];
      expect(Object.keys(labels.kinds).sort()).toEqual([...MOVEMENT_KINDS].sort());
      for (const kind of MOVEMENT_KINDS) expect(labels.kinds[kind], kind).toBe(kinds[kind]);
      expect(labels.issuance).toBe(accounts.issuance);
      expect(labels.consumed).toBe(accounts.consumed);
      expect(labels.unknown).toEqual(accounts.unknown);
    });
  }
});
