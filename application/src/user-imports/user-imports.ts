import {
  DEFAULT_MESSAGE_LOCALE,
  errorText,
  isMessageLocale,
  MESSAGE_CATALOGUES,
  type ErrorCode,
  type MessageLocale,
  type ParsedRequest,
  type UserImport,
  type UserImportRow,
  type userImportOperations,
} from '@ai-coaching/contracts';
import {
  backgroundJobProgress,
  countImportActions,
  NotFoundError,
  planUserImport,
  type ImportExistingUser,
  type PlannedImportRow,
} from '@ai-coaching/domain';
import {
  confirmUserImportRow,
  deterministicId,
  findUserImport,
  insertUserImport,
  type UserImportRecordView,
} from '@ai-coaching/platform';
import {
  findBackgroundJob,
  findUsersByEmails,
  groupIdsOfUsers,
  listActiveGroupsOfOrganization,
  listBackgroundJobItems,
  listUnfinishedBackgroundJobs,
  type BackgroundJobItemView,
} from '@ai-coaching/projections';
import { nowIso, type AppServices, type Origin } from '../app-services.js';
import { queueBackgroundJob } from '../background-jobs/background-jobs.js';
import { userImportJob, userImportJobId } from '../jobs/identity/user-import.job.js';
import { signedInUser, visibleTo } from '../tenancy/scope.js';
import { invitingOrganization } from '../users/user-lookup.js';
import { parseUserImportCsv } from './parse-csv.js';

// Bulk import of users (docs/api/integrations.md, "Bulk import"): the file is read and planned row by row (the dry
// run, `planUserImport`), kept until it is confirmed, then run by a background job of kind `identity.user-import`
// whose items are the lines to create or update (`run-user-import.ts`).

type Operations = typeof userImportOperations;

export const USER_IMPORT_KIND = 'identity.user-import' as const;

const importNotFound = () => new NotFoundError('user_import_not_found', 'This import does not exist.');

const messageLocaleOf = (origin: Origin): MessageLocale =>
  isMessageLocale(origin.locale) ? origin.locale : DEFAULT_MESSAGE_LOCALE;

/** A row's code in the caller's language; a code whose message needs parameters it lacks reads "This row failed". */
const messageOf = (locale: MessageLocale, code: string, params: Record<string, unknown> = {}): string => {
  const errors = MESSAGE_CATALOGUES['en-GB'].errors as Record<string, unknown>;
  const template = errors[code];
  if (typeof template === 'string' && (!template.includes('{{') || Object.keys(params).length > 0)) {
    return errorText(locale, code as ErrorCode, params);
  }
  return errorText(locale, 'import_row_failed', { code });
};

const rowAnswer = (
  row: PlannedImportRow,
  result: BackgroundJobItemView | undefined,
  locale: MessageLocale,
): UserImportRow => ({
  line: row.line,
  email: row.email,
  first_name: row.firstName,
  last_name: row.lastName,
  role: row.role,
  groups: row.groups,
  action: row.action,
  reason: row.skipReason ? messageOf(locale, row.skipReason) : null,
  errors: row.errors.map((error) => ({
    column: error.column,
    code: error.code,
    message: messageOf(locale, error.code, error.params),
  })),
  outcome: result?.outcome ?? null,
  outcome_message: result?.detail ? messageOf(locale, result.detail) : null,
});

const answerOf = async (services: AppServices, plan: UserImportRecordView, locale: MessageLocale) => {
  const job = plan.jobId ? await findBackgroundJob(services.db, plan.jobId) : undefined;
  const results = plan.jobId ? await listBackgroundJobItems(services.db, plan.jobId) : [];
  const byItem = new Map(results.map((result) => [result.item, result]));
  const processed = job ? job.succeeded + job.skipped + job.failed : 0;
  const answer: UserImport = {
    id: plan.importId,
    organization_id: plan.organizationId,
    created_by: plan.createdBy,
    created_at: plan.createdAt,
    file_name: plan.fileName,
    delimiter: plan.delimiter,
    // A job confirmed but not projected yet reads as queued.
    status: plan.jobId ? (job?.status ?? 'queued') : 'planned',
    counts: countImportActions(plan.rows),
    job_id: plan.jobId,
    progress: job ? backgroundJobProgress(job.total, processed, job.status) : 0,
    rows: plan.rows.map((row) => rowAnswer(row, byItem.get(String(row.line)), locale)),
  };
  return answer;
};

const visibleImport = async (services: AppServices, origin: Origin, importId: string) =>
  visibleTo(signedInUser(origin.caller), await findUserImport(services.db, importId), importNotFound);

/** The accounts the file names and the organization's groups: all the plan needs to know. */
const planningContext = async (services: AppServices, organizationId: string, emails: string[]) => {
  const users = await findUsersByEmails(services.db, emails);
  const memberships = await groupIdsOfUsers(
    services.db,
    users.filter((user) => user.organizationId === organizationId).map((user) => user.userId),
  );
  const groups = await listActiveGroupsOfOrganization(services.db, organizationId);
  return {
    usersByEmail: new Map(
      users.map((user): [string, ImportExistingUser] => [
        user.email,
        { ...user, groupIds: memberships.get(user.userId) ?? [] },
      ]),
    ),
    groupsByName: new Map(groups.map((group) => [group.name.toLowerCase(), group])),
  };
};

/**
 * The dry run: reads the file (refusing what is not a file of people: 400, 413), plans each row against the
 * organization's accounts and groups, and keeps the plan for its confirmation; `dry_run: false` confirms at once.
 */
export const createUserImport = async (
  services: AppServices,
  origin: Origin,
  body: ParsedRequest<Operations['create']>['body'],
): Promise<UserImport> => {
  const caller = signedInUser(origin.caller);
  const organization = await invitingOrganization(services, caller, body.organization_id ?? caller.organizationId);
  const file = parseUserImportCsv(body.csv);
  const emails = [...new Set(file.records.map((record) => record.email.trim().toLowerCase()))];
  const rows = planUserImport(file.records, {
    organizationId: organization.organizationId,
    organizationKind: organization.kind,
    operator: { userId: caller.userId, role: caller.role },
    ...(await planningContext(services, organization.organizationId, emails)),
  });
  const importId = services.ids.newId();
  await insertUserImport(services.db, {
    importId,
    organizationId: organization.organizationId,
    createdBy: caller.userId,
    createdAt: nowIso(services),
    fileName: body.file_name ?? null,
    delimiter: file.delimiter,
    locale: origin.locale ?? DEFAULT_MESSAGE_LOCALE,
    rows,
  });
  if (!body.dry_run) return confirmUserImport(services, origin, importId);
  return readUserImport(services, origin, importId);
};

/**
 * Runs a planned import: a background job over its lines to create or update, then its queue job. The job's id
 * derives from the import, so a confirmation sent twice answers the one job.
 */
export const confirmUserImport = async (services: AppServices, origin: Origin, importId: string) => {
  const caller = signedInUser(origin.caller);
  const plan = await visibleImport(services, origin, importId);
  if (!plan.jobId) {
    const jobId = deterministicId('user-import', plan.importId);
    await queueBackgroundJob(services, origin, {
      jobId,
      kind: USER_IMPORT_KIND,
      organizationId: plan.organizationId,
      startedBy: caller.userId,
      input: { import_id: plan.importId, file_name: plan.fileName },
      items: plan.rows.filter((row) => row.action === 'create' || row.action === 'update').map((row) => `${row.line}`),
    });
    await confirmUserImportRow(services.db, plan.importId, { jobId, at: nowIso(services) });
    const payload = { organizationId: plan.organizationId, jobId };
    await services.queue.enqueue(userImportJob, payload, { jobId: userImportJobId(payload) });
  }
  return readUserImport(services, origin, importId);
};

export const readUserImport = async (services: AppServices, origin: Origin, importId: string) =>
  answerOf(services, await visibleImport(services, origin, importId), messageLocaleOf(origin));

/** The import's rows as the result file has them: planned action, what became of it, and why, in the caller's language. */
export const userImportResultRows = async (services: AppServices, origin: Origin, importId: string) => {
  const answer = await readUserImport(services, origin, importId);
  return answer.rows.map((row) => ({
    line: row.line,
    email: row.email,
    first_name: row.first_name,
    last_name: row.last_name,
    role: row.role,
    groups: row.groups.join(' | '),
    action: row.action,
    outcome: row.outcome ?? (row.action === 'skip' ? 'skipped' : row.action === 'error' ? 'failed' : null),
    message: [...row.errors.map((error) => error.message), row.reason, row.outcome_message]
      .filter((text): text is string => Boolean(text))
      .join(' '),
  }));
};

/** The workers' start-up catch-up: imports cut short by a stop resume at their first row not recorded. */
export const resumeUserImports = async (services: AppServices): Promise<number> => {
  const unfinished = await listUnfinishedBackgroundJobs(services.db, USER_IMPORT_KIND);
  for (const payload of unfinished) {
    await services.queue.enqueue(userImportJob, payload, { jobId: userImportJobId(payload) });
  }
  return unfinished.length;
};
