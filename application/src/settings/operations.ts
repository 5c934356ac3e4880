import { ConflictError, NotFoundError } from '@ai-coaching/domain';
import type {
  mailOutboxOperations,
  OutboxMessage,
  Page,
  ParsedRequest,
  ProjectionRequest,
  ProjectionStatus,
  Readiness,
} from '@ai-coaching/contracts';
import { listOutbox } from '@ai-coaching/platform';
import { readStatuses, requestRebuild, requestResume } from '@ai-coaching/projections';
import type { AppServices, Origin } from '../app-services.js';

// Operating the platform: whether it can serve, the read models' state, the mail kept unsent.

/** A dependency readiness asks about; `check` rejects when it does not answer. */
export type ReadinessCheck = { name: string; check: () => Promise<void> };

const READINESS_TIMEOUT_MS = 1000;

const withTimeout = async (check: () => Promise<void>, ms: number) => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    await Promise.race([
      check(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
};

/**
 * Ready when every dependency answered within a second. A failing one is named but never its
 * address or credentials (the reason goes to the log only).
 */
export const checkReadiness = async (
  services: Pick<AppServices, 'logger'>,
  origin: Origin,
  checks: readonly ReadinessCheck[],
): Promise<Readiness> => {
  const results = await Promise.all(
    checks.map(async ({ name, check }) => {
      try {
        await withTimeout(check, READINESS_TIMEOUT_MS);
        return [name, 'ok'] as const;
      } catch (error) {
        (origin.log ?? services.logger).warn({ dependency: name, err: error }, 'readiness check failed');
        return [name, 'unavailable'] as const;
      }
    }),
  );
  const ready = results.every(([, status]) => status === 'ok');
  return { status: ready ? 'ready' : 'not_ready', checks: Object.fromEntries(results) };
};

const projectionNotFound = (name: string) =>
  new NotFoundError('projection_not_found', `There is no projection named "${name}".`, { name });

export const listProjectionStatuses = async (
  services: AppServices,
): Promise<{ items: ProjectionStatus[]; total: number }> => {
  const items = await readStatuses(services.db);
  return { items, total: items.length };
};

/**
 * Requests are recorded in the database, so they reach the projections runtime wherever it runs;
 * one running in this process is woken at once.
 */
export const requestProjectionRebuild = async (services: AppServices, name: string): Promise<ProjectionRequest> => {
  if (!(await requestRebuild(services.db, name))) throw projectionNotFound(name);
  services.wakeProjections?.();
  return { name, status: 'rebuild_requested' };
};

export const requestProjectionResume = async (services: AppServices, name: string): Promise<ProjectionRequest> => {
  if (!(await requestResume(services.db, name))) {
    const exists = (await readStatuses(services.db)).some((status) => status.name === name);
    if (!exists) throw projectionNotFound(name);
    throw new ConflictError('projection_not_stopped', 'This projection is not stopped; there is nothing to resume.');
  }
  services.wakeProjections?.();
  return { name, status: 'resume_requested' };
};

/** The mail the embedded mode kept instead of sending (no SMTP_URL), newest first. */
export const listMailOutbox = (
  services: AppServices,
  query: ParsedRequest<typeof mailOutboxOperations.list>['query'],
): Promise<Page<OutboxMessage>> => listOutbox(services.db, query);
