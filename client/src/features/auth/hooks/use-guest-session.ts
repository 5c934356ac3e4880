import { useAuth } from '../auth-actor-context';
import type { AuthSnapshot } from '../lazy-auth';
import { GUEST_ACCESS_TOKEN_KEY } from '../storage';

const settled = (snapshot: AuthSnapshot) => snapshot.matches('signedIn') || snapshot.matches('signedOut');

/**
 * Spec §4: a guest login saves the current token as the guest backup and swaps in the guest token; restoring moves
 * the backup back. The auth machine does the swap (`guest.enter`, `guest.leave`); this waits for its outcome.
 */
export const useGuestSession = () => {
  const auth = useAuth();
  return {
    /** Swaps the guest token in; true once the guest's profile is loaded. */
    async enter(token: string): Promise<boolean> {
      const actor = await auth.load();
      await auth.waitFor(settled);
      actor.send({ type: 'guest.enter', token });
      return (await auth.waitFor(settled)).matches('signedIn');
    },
    /** Back to the visitor's own session if they had one (true), else signed out (false). */
    async leave(): Promise<boolean> {
      const actor = await auth.load();
      actor.send({ type: 'guest.leave' });
      // Settled as someone else than the guest: the own session loaded again, or nobody.
      const after = await auth.waitFor(
        (snapshot) =>
          snapshot.matches('signedOut') ||
          (snapshot.matches('signedIn') && snapshot.context.user?.organization_role !== 'guest'),
      );
      return after.matches('signedIn');
    },
    /** Whether a signed-in visitor's own token waits aside. */
    hasBackup: () => typeof localStorage !== 'undefined' && localStorage.getItem(GUEST_ACCESS_TOKEN_KEY) !== null,
  };
};
