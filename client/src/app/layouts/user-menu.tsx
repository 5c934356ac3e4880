import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../components/ui/avatar';
import { RoleBadge } from '../../components/ui/role-badge';
import { displayName, type CurrentUser } from '../../lib/session/current-user';

/** Avatar button opening the account menu: who is signed in, their credits, profile and logout. */
export const UserMenu = ({ user }: { user: CurrentUser }) => {
  const { t } = useTranslation('shell');
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const { pathname } = useLocation();
  const name = displayName(user);

  // Close on navigation: adjust state during render rather than in an effect.
  const [openedAt, setOpenedAt] = useState(pathname);
  if (openedAt !== pathname) {
    setOpenedAt(pathname);
    setOpen(false);
  }
  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent | KeyboardEvent) => {
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !ref.current?.contains(event.target as Node)) {
        setOpen(false);
      }
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

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
