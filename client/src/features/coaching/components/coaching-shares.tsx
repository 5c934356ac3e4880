import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { CheckboxGroup } from '../../../components/ui/choice-fields';
import { useToast } from '../../../components/ui/toast';
import { useErrorMessage } from '../../../lib/http/use-error-message';
import { displayName } from '../../../lib/session/current-user';
import { useCan, useCurrentUser } from '../../../lib/session/session-context';
import {
  useShareCoachingItem,
  useShareGroups,
  useShareOrganizations,
  useShareUsers,
  type PlaylistItem,
  type ScenarioItem,
} from '../api/coaching-api';
import type { ShareableKind } from '../utils/coaching-kinds';

/** The organization's groups and users (and, for super-admins, other organizations) a published item may reach. */
const useShareTargets = (organizationId: string | null) => {
  const can = useCan();
  const me = useCurrentUser();
  const superAdmin = me?.organization_role === 'super-admin';
  const groups = useShareGroups(organizationId, can('user-group-list'));
  const users = useShareUsers(organizationId, can('user-list'));
  const organizations = useShareOrganizations(superAdmin);
  return {
    groups: (groups.data?.items ?? []).map((group) => ({ value: group.id, label: group.name })),
    users: (users.data?.items ?? []).map((user) => ({ value: user.id, label: displayName(user) })),
    organizations: (organizations.data?.items ?? [])
      .filter((organization) => organization.id !== organizationId)
      .map((organization) => ({ value: organization.id, label: organization.name })),
    superAdmin,
    /** Whether the user can see anyone to share with at all (editors list neither groups nor users). */
    visible: superAdmin || can('user-group-list') || can('user-list'),
  };
};

/** Who else may play a scenario or a playlist once it is published: groups, people, other organizations. */
export const CoachingShares = ({ kind, item }: { kind: ShareableKind; item: ScenarioItem | PlaylistItem }) => {
  const { t } = useTranslation('coaching');
  const toast = useToast();
  const errorMessage = useErrorMessage();
  const share = useShareCoachingItem(kind);
  const targets = useShareTargets(item.organization_id);
  const [groups, setGroups] = useState(item.shares.user_group_ids);
  const [users, setUsers] = useState(item.shares.user_ids);
  const [organizations, setOrganizations] = useState(item.shares.organization_ids);
  const [problem, setProblem] = useState<string | null>(null);

  const save = async () => {
    setProblem(null);
    try {
      await share.mutateAsync({
        id: item.id,
        body: {
          user_group_ids: groups,
          user_ids: users,
          ...(targets.superAdmin ? { organization_ids: organizations } : {}),
        },
      });
      toast.show(t('shares.saved'));
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };

  if (!targets.visible) return null;
  const nothingToOffer =
    targets.groups.length === 0 && targets.users.length === 0 && targets.organizations.length === 0;
  return (
    <Card>
      <h2 className="mb-1 text-lg font-semibold">{t('shares.title')}</h2>
      <p className="mb-3 text-sm text-gray-700 dark:text-gray-300">{t('shares.about')}</p>
      {nothingToOffer ? (
        <p className="text-sm text-gray-700 dark:text-gray-300">{t('shares.nothing')}</p>
      ) : (
        <div className="flex flex-col gap-4">
          {targets.groups.length > 0 ? (
            <CheckboxGroup legend={t('shares.groups')} options={targets.groups} value={groups} onChange={setGroups} />
          ) : null}
          {targets.users.length > 0 ? (
            <CheckboxGroup legend={t('shares.users')} options={targets.users} value={users} onChange={setUsers} />
          ) : null}
          {targets.organizations.length > 0 ? (
            <CheckboxGroup
              legend={t('shares.organizations')}
              options={targets.organizations}
              value={organizations}
              onChange={setOrganizations}
            />
          ) : null}
          {problem ? <Alert tone="error">{problem}</Alert> : null}
          <div>
            <Button variant="secondary" loading={share.isPending} onClick={() => void save()}>
              {t('shares.save')}
            </Button>
          </div>
        </div>
      )}
    </Card>
  );
};
