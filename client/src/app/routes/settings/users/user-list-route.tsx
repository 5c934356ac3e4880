import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../../components/ui/page-header';
import { UserGroupTable } from '../../../../features/user-groups/components/user-group-table';
import { UserTable } from '../../../../features/users/components/user-table';

const TABS = ['users', 'groups'] as const;

/** `/settings/user/list`: users and user groups, one tab each (`?tab=groups`); each tab keeps its list state. */
export const UserListRoute = () => {
  const { t } = useTranslation('users');
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'groups' ? 'groups' : 'users';
  return (
    <>
      <PageHeader title={t('list.pageTitle')} />
      <div
        role="tablist"
        aria-label={t('list.pageTitle')}
        className="mb-6 flex gap-2 border-b border-gray-200 dark:border-gray-800"
      >
        {TABS.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`tab-${name}`}
            aria-selected={tab === name}
            aria-controls={`panel-${name}`}
            onClick={() => setParams(name === 'users' ? {} : { tab: name })}
            className={`-mb-px border-b-2 px-4 py-2 text-sm font-medium ${
              tab === name
                ? 'border-primary-700 text-primary-800 dark:border-primary-300 dark:text-primary-200'
                : 'border-transparent text-gray-700 hover:text-primary-800 dark:text-gray-300 dark:hover:text-primary-200'
            }`}
          >
            {t(`list.tabs.${name}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        {tab === 'users' ? <UserTable /> : <UserGroupTable />}
      </div>
    </>
  );
};
