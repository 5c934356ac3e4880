import { expireReservation, type AppServices, type ExpireReservationPayload } from '@ai-coaching/application';
import type { JobHandler } from '@ai-coaching/platform';

/** `credits.reservation.expire`: frees a session's hold once it is past its expiry and still pending. */
export const createExpireReservationHandler =
  (services: Pick<AppServices, 'store' | 'clock' | 'logger'>): JobHandler<ExpireReservationPayload> =>
  async (payload, context) => {
    const { expired } = await expireReservation(services, payload, { causationId: context.jobId });
    services.logger.debug(
      { jobId: context.jobId, reservationId: payload.reservationId, expired },
      'reservation expiry job done',
    );
  };
