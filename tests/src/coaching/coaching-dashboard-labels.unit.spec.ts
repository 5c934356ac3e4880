import { readFileSync } from 'node:fs';
import path from 'node:path';
import { COACHING_DASHBOARD_LABELS } from '@ai-coaching/application';
import { COACHING_DASHBOARD_EXPORT_COLUMNS, COACHING_DASHBOARD_ROW_KINDS } from '@ai-coaching/contracts';
import { USER_LOCALES } from '@ai-coaching/domain';
import { describe, expect, it } from 'vitest';

// The dashboard's CSV writes its header row and row kinds with the dashboard screen's words: the server keeps its own
// copy (it has no client catalogue to read), and this keeps it equal to the client's.

const catalogue = (locale: string) =>
  JSON.parse(
    readFileSync(path.resolve(import.meta.dirname, `../../../client/src/locales/${locale}/dashboard.json`), 'utf8'),
  ) as { coaching: { team: { export: unknown } } };

describe('[COACHING]: the dashboard export’s words', () => {
  for (const locale of USER_LOCALES) {
    it(`are the dashboard screen's in ${locale}, for every column and row kind`, () => {
      const labels = COACHING_DASHBOARD_LABELS[locale];
      expect(Object.keys(labels.columns).sort()).toEqual([...COACHING_DASHBOARD_EXPORT_COLUMNS].sort());
      expect(Object.keys(labels.kinds).sort()).toEqual([...COACHING_DASHBOARD_ROW_KINDS].sort());
      expect(catalogue(locale).coaching.team.export).toEqual(labels);
    });
  }

  it('names the columns differently in each language', () => {
    expect(COACHING_DASHBOARD_LABELS['fr-FR'].columns.win_rate).not.toBe(
      COACHING_DASHBOARD_LABELS['en-GB'].columns.win_rate,
    );
  });
});
