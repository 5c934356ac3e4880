import { useId } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../components/ui/avatar';
import { RoleBadge } from '../../components/ui/role-badge';
import { usePopover } from '../../hooks/use-popover';
import { displayName, type CurrentUser } from '../../lib/session/current-user';

/** Avatar button opening the account menu: who is signed in, their credits, profile and logout. */
export const UserMenu = ({ user }: { user: CurrentUser }) => {
  const { t } = useTranslation('shell');
  const { open, setOpen, ref } = usePopover();
  const menuId = useId();
  const name = displayName(user);

  const itemClass =
    'block rounded px-3 py-2 text-sm hover:bg-gray-100 hover:text-primary-800 dark:hover:bg-gray-800 dark:hover:text-primary-200';
  return (
    <div ref={ref} className="relative">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
        className="flex items-center gap-2 rounded-full p-0.5 transition-colors hover:ring-2 hover:ring-primary-300"
      >
        <Avatar name={name} size={36} />
        <span className="sr-only">{t('userMenu.open', { name })}</span>
      </button>
      {open ? (
        <div
          id={menuId}
          className="absolute right-0 z-40 mt-2 w-72 max-w-[calc(100vw-2rem)] rounded-lg border border-gray-200 bg-white p-2 shadow-lg dark:border-gray-700 dark:bg-gray-900"
        >
          <div className="border-b border-gray-200 px-3 pt-1 pb-3 dark:border-gray-700">
            <p className="truncate font-medium" data-testid="user-menu-name">
              {name}
            </p>
            {user.email ? <p className="truncate text-xs text-gray-700 dark:text-gray-300">{user.email}</p> : null}
            <div className="mt-2 flex items-center justify-between gap-2">
              <RoleBadge role={user.organization_role} />
              <span className="text-xs text-gray-700 dark:text-gray-300" data-testid="user-menu-credits">
                {t('userMenu.credits', { count: user.credit_wallet })}
              </span>
            </div>
          </div>
          <nav aria-label={t('userMenu.label')} className="pt-2">
            <Link to="/profile" className={itemClass}>
              {t('nav.profile')}
            </Link>
            <Link to="/profile/transfer-credits" className={itemClass}>
              {t('nav.transferCredits')}
            </Link>
            <Link to="/logout" className={itemClass}>
              {t('userMenu.logout')}
            </Link>
          </nav>
        </div>
      ) : null}
    </div>
  );
};
