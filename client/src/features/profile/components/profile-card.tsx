import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ImageUploadField } from '../../../components/image-upload-field';
import { Alert } from '../../../components/ui/alert';
import { Avatar } from '../../../components/ui/avatar';
import { buttonClassName, SubmitRow } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { TextField } from '../../../components/ui/field';
import { RoleBadge } from '../../../components/ui/role-badge';
import { useToast } from '../../../components/ui/toast';
import { splitApiError } from '../../../hooks/use-schema-form';
import { formatCredits } from '../../../lib/credits/nb-credits';
import { useErrorMessage } from '../../../lib/http/use-error-message';
import { imageUrl } from '../../../lib/images';
import { displayName, type CurrentUser } from '../../../lib/session/current-user';
import { useSession } from '../../../lib/session/session-context';
import { useOwnUser, useUpdateOwnProfile } from '../api/profile-api';
import { NotificationSettingsCard } from './notification-settings-card';

/** `/profile`: who I am, my names and picture (editable), my credits, and the ways to my password and transfers. */
export const ProfileCard = ({ user }: { user: CurrentUser }) => {
  const { t, i18n } = useTranslation('profile');
  const { reloadProfile } = useSession();
  const toast = useToast();
  const errorMessage = useErrorMessage();
  const update = useUpdateOwnProfile(user.id);
  // `/v1/me` does not carry the picture: it comes with my own record.
  const own = useOwnUser(user.id);
  const savedAvatar = own.data?.avatar_image_id ?? null;
  const [form, setForm] = useState({ first_name: user.first_name, last_name: user.last_name });
  // undefined while the picture is the saved one.
  const [avatar, setAvatar] = useState<string | null | undefined>(undefined);
  const [blank, setBlank] = useState(false);
  // The API's field messages (in the interface language) go next to their fields; anything else in the alert.
  const server = splitApiError(update.error, ['first_name', 'last_name', 'avatar_image_id']);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const changes = {
      first_name: form.first_name.trim(),
      last_name: form.last_name.trim(),
      ...(avatar !== undefined && avatar !== savedAvatar ? { avatar_image_id: avatar } : {}),
    };
    setBlank(!changes.first_name);
    if (!changes.first_name) return;
    update.mutate(changes, {
      onSuccess: () => {
        setAvatar(undefined);
        reloadProfile();
        toast.show(t('saved'));
      },
    });
  };

  return (
    <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
      <Card>
        <div className="mb-6 flex flex-wrap items-center gap-4">
          <Avatar name={displayName(user)} src={imageUrl(savedAvatar)} size={64} />
          <div className="min-w-0">
            <p className="truncate text-lg font-medium">{displayName(user)}</p>
            <p className="truncate text-sm text-gray-700 dark:text-gray-300">{user.email}</p>
            <div className="mt-1">
              <RoleBadge role={user.organization_role} />
            </div>
          </div>
        </div>
        <form onSubmit={handleSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t('firstName')}
            required
            value={form.first_name}
            onChange={(event) => setForm({ ...form, first_name: event.target.value })}
            error={blank ? t('firstNameRequired') : (server.fields['first_name'] ?? null)}
          />
          <TextField
            label={t('lastName')}
            value={form.last_name}
            onChange={(event) => setForm({ ...form, last_name: event.target.value })}
            error={server.fields['last_name'] ?? null}
          />
          <div className="sm:col-span-2">
            <TextField label={t('email')} value={user.email} readOnly hint={t('emailHint')} />
          </div>
          <div className="sm:col-span-2">
            <ImageUploadField
              label={t('avatar')}
              category="avatars"
              fallback="avatar"
              value={avatar === undefined ? savedAvatar : avatar}
              onChange={setAvatar}
              error={server.fields['avatar_image_id'] ?? null}
            />
          </div>
          {update.isError && server.rest ? (
            <div className="sm:col-span-2">
              <Alert tone="error">{errorMessage(update.error)}</Alert>
            </div>
          ) : null}
          <SubmitRow loading={update.isPending} className="sm:col-span-2">
            {t('save')}
          </SubmitRow>
        </form>
      </Card>
      <div className="flex flex-col gap-6">
        <Card>
          <h2 className="text-sm font-medium text-gray-700 dark:text-gray-300">{t('credits')}</h2>
          <p className="mt-1 text-3xl font-semibold" data-testid="own-credits">
            {formatCredits(user.credit_wallet, i18n.language)}
          </p>
          <Link to="/profile/transfer-credits" className={buttonClassName('secondary', 'mt-4 w-full')}>
            {t('transferLink')}
          </Link>
        </Card>
        <Card>
          <h2 className="text-sm font-medium text-gray-700 dark:text-gray-300">{t('security')}</h2>
          <Link to="/profile/change-password" className={buttonClassName('secondary', 'mt-3 w-full')}>
            {t('changePassword')}
          </Link>
        </Card>
        <NotificationSettingsCard />
      </div>
    </div>
  );
};
