import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../../components/ui/card';
import { SelectField } from '../../../../components/ui/field';
import { PageHeader } from '../../../../components/ui/page-header';
import { UserGroupForm } from '../../../../features/user-groups/components/user-group-form';
import { useOrganizationOptions } from '../../../../features/users/api/users-api';
import { useCurrentUser } from '../../../../lib/session/session-context';

export const UserGroupCreateRoute = () => {
  const { t } = useTranslation('userGroups');
  const me = useCurrentUser();
  const superAdmin = me?.organization_role === 'super-admin';
  const organizations = useOrganizationOptions(superAdmin);
  const [organizationId, setOrganizationId] = useState(me?.organization_id ?? '');
  return (
    <div className="max-w-2xl">
      <PageHeader title={t('create.title')} description={t('create.description')} />
      <Card>
        {superAdmin ? (
          <div className="mb-4">
            <SelectField
              label={t('create.organization')}
              value={organizationId}
              onChange={(event) => setOrganizationId(event.target.value)}
              options={(organizations.data?.items ?? []).map((organization) => ({
                value: organization.id,
                label: organization.name,
              }))}
            />
          </div>
        ) : null}
        <UserGroupForm organizationId={organizationId} />
      </Card>
    </div>
  );
};
