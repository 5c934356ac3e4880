import { COACHING_KINDS } from '@ai-coaching/domain';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EntityImage } from '../../../components/ui/avatar';
import { buttonClassName } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/page-header';
import { useCan } from '../../../lib/session/session-context';
import { useCoachingList } from '../api/coaching-api';
import { createPath, listPath, type CoachingKind } from '../utils/coaching-kinds';
import { CoachingImage } from './coaching-image';

// Scenarios first: they are what learners play; the parts follow in the order an author builds them.
const ORDER: readonly CoachingKind[] = ['scenario', 'playlist', 'persona', 'mission', 'observer'];

const KindTile = ({ kind }: { kind: CoachingKind }) => {
  const { t } = useTranslation('coaching');
  const can = useCan();
  const count = useCoachingList(kind, { page: 1, page_size: 12, sort: '-updated_at', q: '' });
  return (
    <li className="flex flex-col gap-3 rounded-lg border border-gray-200 bg-white p-4 dark:border-gray-800 dark:bg-gray-900">
      <h2 className="text-base font-semibold">
        <Link to={listPath(kind)} className="hover:underline">
          {t(`kinds.${kind}.plural`)}
        </Link>
      </h2>
      <p className="text-sm text-gray-700 dark:text-gray-300">{t(`kinds.${kind}.about`)}</p>
      <p className="text-sm font-medium" aria-live="polite">
        {count.data ? t('home.count', { count: count.data.total }) : '\u00a0'}
      </p>
      {can(`coaching-${kind}-create`) ? (
        <div className="mt-auto">
          <Link to={createPath(kind)} className={buttonClassName('secondary')}>
            {t(`kinds.${kind}.create`)}
          </Link>
        </div>
      ) : null}
    </li>
  );
};

/** `/apps/ai-coaching`: scenarios ready to play, then each kind of content with its count and a shortcut. */
export const CoachingHome = () => {
  const { t, i18n } = useTranslation('coaching');
  const can = useCan();
  const ready = useCoachingList('scenario', {
    page: 1,
    page_size: 12,
    sort: '-updated_at',
    q: '',
    status: 'published',
  });
  const kinds = ORDER.filter((kind) => COACHING_KINDS.includes(kind) && can(`coaching-${kind}-list`));
  // Scenarios in the interface's language first (en-GB and en-US both read as English), the others after.
  const language = (i18n.resolvedLanguage ?? 'en').slice(0, 2);
  const playable = [...(ready.data?.items ?? [])].sort(
    (a, b) => Number(b.language.startsWith(language)) - Number(a.language.startsWith(language)),
  );
  return (
    <>
      <PageHeader
        title={t('app.title')}
        description={t('home.about')}
        actions={
          <>
            {can('coaching-session-generator-read') ? (
              <Link to="/apps/ai-coaching/session-generator/list" className={buttonClassName('secondary')}>
                {t('home.generators')}
              </Link>
            ) : null}
            {can('coaching-session-read') ? (
              <Link to="/apps/ai-coaching/session/list" className={buttonClassName('secondary')}>
                {t('home.sessions')}
              </Link>
            ) : null}
          </>
        }
      />
      {playable.length > 0 ? (
        <section aria-labelledby="coaching-ready" className="mb-8">
          <h2 id="coaching-ready" className="mb-3 text-lg font-semibold">
            {t('home.ready')}
          </h2>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {playable.slice(0, 6).map((scenario) => (
              <li key={scenario.id}>
                <Link
                  to={`/apps/ai-coaching/scenario/info-${scenario.id}`}
                  className="block overflow-hidden rounded-lg border border-gray-200 transition-colors hover:border-primary-600 dark:border-gray-800 dark:hover:border-primary-300"
                >
                  <CoachingImage kind="scenario" item={scenario} className="w-full" />
                  <span className="block p-3">
                    <span className="block font-semibold">{scenario.name}</span>
                    <span className="line-clamp-2 block text-sm text-gray-700 dark:text-gray-300">
                      {scenario.description}
                    </span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : ready.data ? (
        <div className="mb-8 flex flex-col items-center gap-3 rounded-lg border border-dashed border-gray-300 p-6 text-center text-sm dark:border-gray-700">
          <EntityImage kind="mission" className="aspect-[3/2] w-40 rounded-md" />
          <p>{t('home.nothingReady')}</p>
        </div>
      ) : null}
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {kinds.map((kind) => (
          <KindTile key={kind} kind={kind} />
        ))}
      </ul>
    </>
  );
};
