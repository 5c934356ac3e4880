import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Loading } from '../../../components/ui/query-state';
import { useCoachingVersion, useCoachingVersions, type AnyCoachingItem } from '../api/coaching-api';
import type { CoachingKind } from '../utils/coaching-kinds';
import { EDITORS } from './kinds/editors';

const VersionPreview = ({ kind, id, version }: { kind: CoachingKind; id: string; version: number }) => {
  const query = useCoachingVersion(kind, id, version);
  const { Preview } = EDITORS[kind];
  if (!query.data) return <Loading />;
  return (
    <div className="mt-2 rounded-md border border-gray-200 p-3 dark:border-gray-700">
      <Preview values={query.data} />
    </div>
  );
};

/** Every published version, newest first; sessions keep the one they were played with, so none is ever lost. */
export const CoachingVersions = ({ kind, item }: { kind: CoachingKind; item: AnyCoachingItem }) => {
  const { t, i18n } = useTranslation('coaching');
  const query = useCoachingVersions(kind, item.id, item.published_version !== null);
  const [open, setOpen] = useState<number | null>(null);
  const dates = new Intl.DateTimeFormat(i18n.resolvedLanguage, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <Card>
      <h2 className="mb-3 text-lg font-semibold">{t('versions.title')}</h2>
      {item.published_version === null ? (
        <p className="text-sm text-gray-700 dark:text-gray-300">{t('versions.none')}</p>
      ) : query.isPending ? (
        <Loading />
      ) : (
        <ol className="flex flex-col gap-2" aria-label={t('versions.title')}>
          {(query.data?.items ?? []).map((version) => (
            <li key={version.version} className="text-sm">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span>
                  <strong>{t('versions.version', { version: version.version })}</strong>
                  {version.version === item.published_version ? ` · ${t('versions.current')}` : ''}
                  <span className="block text-gray-700 dark:text-gray-300">
                    {dates.format(new Date(version.published_at))}
                  </span>
                </span>
                <Button
                  variant="ghost"
                  aria-expanded={open === version.version}
                  onClick={() => setOpen(open === version.version ? null : version.version)}
                >
                  {open === version.version ? t('versions.hide') : t('versions.show')}
                  <span className="sr-only"> {t('versions.version', { version: version.version })}</span>
                </Button>
              </div>
              {open === version.version ? <VersionPreview kind={kind} id={item.id} version={version.version} /> : null}
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
};
