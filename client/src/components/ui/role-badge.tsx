import { isRole, type Role } from '@ai-coaching/domain';
import { useTranslation } from 'react-i18next';

// Spec §4: super-admin red, operator orange, editor blue, user and guest grey.
const COLOURS: Record<Role, string> = {
  'super-admin': 'bg-role-super-admin',
  operator: 'bg-role-operator',
  editor: 'bg-role-editor',
  user: 'bg-role-user',
  guest: 'bg-role-guest',
};

export const RoleBadge = ({ role }: { role: string }) => {
  const { t } = useTranslation('common');
  if (!isRole(role)) return null;
  return (
    <span
      data-role={role}
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold text-white ${COLOURS[role]}`}
    >
      {t(`roles.${role}`)}
    </span>
  );
};
