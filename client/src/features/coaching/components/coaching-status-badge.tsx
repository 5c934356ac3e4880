import type { CoachingStatus } from '@ai-coaching/domain';
import { useTranslation } from 'react-i18next';

const TONES: Record<CoachingStatus, string> = {
  draft: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  published: 'bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-200',
  archived: 'bg-gray-200 text-gray-800 dark:bg-gray-800 dark:text-gray-200',
};

const PILL = 'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium';

/** Draft, published (with its version) or archived; "changes not published" when the working copy is ahead. */
export const CoachingStatusBadge = ({
  status,
  version,
  publishedVersion,
}: {
  status: CoachingStatus;
  version: number;
  publishedVersion: number | null;
}) => {
  const { t } = useTranslation('coaching');
  return (
    <span className="flex flex-wrap gap-1">
      <span className={`${PILL} ${TONES[status]}`}>
        {status === 'published' && publishedVersion !== null
          ? t('status.publishedVersion', { version: publishedVersion })
          : t(`status.${status}`)}
      </span>
      {status === 'published' && publishedVersion !== null && version > publishedVersion ? (
        <span className={`${PILL} ${TONES.draft}`}>{t('status.unpublishedChanges')}</span>
      ) : null}
    </span>
  );
};

export const LibraryBadge = () => {
  const { t } = useTranslation('coaching');
  return (
    <span className={`${PILL} bg-primary-50 text-primary-800 dark:bg-primary-950 dark:text-primary-200`}>
      {t('source.libraryBadge')}
    </span>
  );
};
