import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../../lib/session/session-context';
import { useOrganizationChoices, type AiProvider } from '../api/ai-providers-api';

const BADGE = 'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap';

/** Enabled or disabled, said in words (the colour only repeats it). */
export const EnabledBadge = ({ enabled }: { enabled: boolean }) => {
  const { t } = useTranslation('aiProviders');
  return (
    <span
      className={`${BADGE} ${
        enabled
          ? 'bg-scoring-100 text-scoring-900 dark:bg-scoring-900 dark:text-scoring-100'
          : 'bg-gray-200 text-gray-800 dark:bg-gray-700 dark:text-gray-100'
      }`}
    >
      {t(enabled ? 'list.enabled' : 'list.disabled')}
    </span>
  );
};

/** Whom a provider serves: the whole platform, or one organization (named when the caller may list them). */
export const useScopeLabel = () => {
  const { t } = useTranslation('aiProviders');
  const me = useCurrentUser();
  const superAdmin = me?.organization_role === 'super-admin';
  const organizations = useOrganizationChoices(superAdmin);
  const names = new Map((organizations.data?.items ?? []).map((organization) => [organization.id, organization.name]));
  return (provider: Pick<AiProvider, 'organization_id'>) => {
    if (provider.organization_id === null) return t('scope.platform');
    if (provider.organization_id === me?.organization_id) return t('scope.ownOrganization');
    const name = names.get(provider.organization_id);
    return name ? t('scope.organization', { name }) : t('scope.unknownOrganization');
  };
};
