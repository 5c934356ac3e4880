import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { buttonClassName } from '../../../components/ui/button';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import type { SharedSessionGuestLink } from '../api/shared-sessions-api';

// A guest's path through a link (docs/shared-sessions.md, "A guest"): play, read the result, then play again through
// the same link while it takes guests, or end on a page of their own.

/** The public page of a link. */
export const sharedSessionPath = (accessCode: string) => `/shared/ai-coaching-session/${accessCode}`;
/** Ours: where a guest without an account lands once signed out. */
export const GUEST_END_PATH = '/shared/end';

/** What the link's page is handed when a guest starts again: their name, filled in. */
type AgainState = { displayName: string };
/** What the end page is handed: it is shown signed out, when the guest's token can no longer ask. */
type EndState = { organizationName: string; linkOpen: boolean };

const textOf = (state: unknown, key: string): string | undefined => {
  const value = typeof state === 'object' && state !== null ? (state as Record<string, unknown>)[key] : undefined;
  return typeof value === 'string' ? value : undefined;
};

/** The name a guest starting again gave last time, if they came from their result. */
export const useNameToStartAgain = (): string => textOf(useLocation().state, 'displayName') ?? '';

/** Where leaving takes a guest without an account, with what the link told about itself. */
export const guestEndOf = (link: SharedSessionGuestLink | undefined) => ({
  to: GUEST_END_PATH,
  state: { organizationName: link?.organization_name ?? '', linkOpen: link?.status === 'active' } satisfies EndState,
});

/** "Play again" on a guest's result, while their link takes guests: its page, their name filled in. */
export const GuestPlayAgain = ({ accessCode, guestName }: { accessCode: string; guestName: string | null }) => {
  const { t } = useTranslation('sharedSessions');
  return (
    <Link
      to={sharedSessionPath(accessCode)}
      state={{ displayName: guestName ?? '' } satisfies AgainState}
      className={buttonClassName('primary')}
    >
      {t('guest.playAgain')}
    </Link>
  );
};

/**
 * `/shared/end` (ours): a guest's last page, signed out and without the app's menus: thanks, who offered the practice,
 * and whether its link takes more sessions.
 */
export const GuestEnd = () => {
  const { t } = useTranslation('sharedSessions');
  useDocumentTitle(t('end.title'));
  const { state } = useLocation();
  const organization = textOf(state, 'organizationName') ?? '';
  // Opened without what the result page knew (typed in, say): nothing is said of the link.
  const linkOpen = typeof state === 'object' && state !== null ? (state as Partial<EndState>).linkOpen : undefined;
  const next =
    linkOpen === undefined
      ? t('end.close')
      : linkOpen
        ? t('end.again')
        : organization
          ? t('end.closedBy', { organization })
          : t('end.closed');
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-3 p-4 sm:p-8">
      <h1 className="text-2xl font-semibold">{t('end.title')}</h1>
      {organization ? <p data-testid="guest-end-organization">{t('end.offeredBy', { organization })}</p> : null}
      <p className="text-gray-700 dark:text-gray-300">{next}</p>
    </div>
  );
};
