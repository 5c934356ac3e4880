import type { CoachingSessionView } from '@ai-coaching/projections';
import { deleteVoiceRecordings, destroyDataKey, eraseIdempotentAnswers } from '@ai-coaching/platform';
import type { AppServices, Origin } from '../../app-services.js';
import { signedInUser } from '../../tenancy/scope.js';
import { runAndSettle } from './session-stream.js';
import { visibleSession } from './visibility.js';

/**
 * A session still playing is aborted and charged for its time first, so its hold is never left to the expiry. The
 * player deletes their own; a guest's session is deleted by whoever reads it (`visibleSession`, `erase`).
 */
export const deleteCoachingSession = async (services: AppServices, origin: Origin, sessionId: string) => {
  const caller = signedInUser(origin.caller);
  const session = await visibleSession(services, caller, sessionId, 'erase');
  await eraseCoachingSession(services, origin, session, caller.userId);
};

/**
 * The one delete path (the learner's, and the retention job's with no user): the session's key is destroyed first,
 * so its transcript and reports are unreadable in the events from then on (crypto-shredding: events are never
 * rewritten), then the deletion is recorded, which removes the read models' rows. Destroying first means a crash in
 * between leaves a session still listed but already unreadable, which deleting again finishes; the other order
 * would leave a deleted session whose text could still be read back.
 */
export const eraseCoachingSession = async (
  services: AppServices,
  origin: Origin,
  session: Pick<CoachingSessionView, 'sessionId' | 'organizationId'>,
  deletedBy: string | null,
) => {
  // The answers kept for idempotent retries quote the session in the clear: they go in the key's transaction, so
  // that no retry replays them once the key is gone (ADR 0019).
  await services.db.transaction(async (tx) => {
    const now = services.clock.now();
    await destroyDataKey(tx, { subjectId: session.sessionId, organizationId: session.organizationId }, now);
    await eraseIdempotentAnswers(tx, session.sessionId, now);
  });
  await runAndSettle(services, origin, session.sessionId, {
    type: 'DeleteCoachingSession',
    data: { sessionId: session.sessionId, userId: deletedBy },
  });
  // Its voice recordings were sealed with the key just destroyed: deleting the files frees their space, and a failure
  // here leaves only files no key opens.
  await deleteVoiceRecordings(services, session.organizationId, session.sessionId).catch((error: unknown) =>
    (origin.log ?? services.logger).warn(
      { err: error, sessionId: session.sessionId },
      'could not delete the recordings of a deleted session',
    ),
  );
};
