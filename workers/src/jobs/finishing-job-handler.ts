import type { AppServices } from '@ai-coaching/application';
import { isLastAttempt, type JobDefinition, type JobHandler } from '@ai-coaching/platform';

/** A use case that goes on where a try cut short stopped, and on the last try records what keeps failing as failed. */
type FinishingUseCase<Payload, Outcome> = (
  services: AppServices,
  payload: Payload,
  run: { lastAttempt: boolean; causationId: string },
) => Promise<Outcome>;

/**
 * The handler of a job that must complete (a report that finishes, a run whose background job ends): it runs the use
 * case on the payload, telling it whether this is the last try, and logs its outcome as `done`.
 */
export const finishingJobHandler =
  <Payload extends object, Outcome>(
    job: JobDefinition<Payload>,
    useCase: FinishingUseCase<Payload, Outcome>,
    done: string,
  ) =>
  (services: AppServices): JobHandler<Payload> =>
  async (payload, context) => {
    const outcome = await useCase(services, payload, {
      lastAttempt: isLastAttempt(job, context),
      causationId: context.jobId,
    });
    const fields: Record<string, unknown> = { queueJobId: context.jobId, ...payload, outcome };
    services.logger.debug(fields, done);
  };
