import type { MyAssignment, myAssignmentOperations, Page, ParsedRequest } from '@ai-coaching/contracts';
import {
  learnerAssignmentStatus,
  NotFoundError,
  programItemOpen,
  programItemResult,
  programOutcome,
  type PassRule,
  type ProgramItemResult,
} from '@ai-coaching/domain';
import {
  certificatesOfAssignment,
  findCoachingItem,
  findCoachingItemVersion,
  findProgramAssignment,
  scoredScenarioTries,
  type ProgramAssignmentView,
} from '@ai-coaching/projections';
import { nowIso, type AppServices, type Origin } from '../../app-services.js';
import { signedInUser, type UserCaller } from '../../tenancy/scope.js';
import { playlistOf, programOf } from '../content/content-fields.js';
import { assignmentsReaching, runAssignmentCommand } from './assignment-reach.js';

// A learner's assignments (docs/programs.md, "A learner's assignments"): each program version's items with the pass
// rule applied to the learner's scored sessions since the assignment started.

type Operations = typeof myAssignmentOperations;
type Item = MyAssignment['items'][number];

/** An item's name and, for a playlist, the scenarios of its latest published version. */
const itemContent = async (services: AppServices, kind: 'scenario' | 'playlist', id: string) => {
  const item = await findCoachingItem(services.db, id);
  const name = item?.title ?? '';
  if (kind === 'scenario' || !item || item.publishedVersion === null) return { name, scenarioIds: [id] };
  const version = await findCoachingItemVersion(services.db, id, item.publishedVersion);
  return { name, scenarioIds: playlistOf(version?.fields).scenario_ids };
};

const mean = (scores: readonly (number | null)[]): number | null =>
  scores.length > 0 && scores.every((score) => score !== null)
    ? (scores as number[]).reduce((sum, score) => sum + score, 0) / scores.length
    : null;

/** What an assignment asks: its program version's name, rule and items, each item's scenarios. */
export type AssignedProgram = Awaited<ReturnType<typeof assignedProgramOf>>;

export const assignedProgramOf = async (services: AppServices, assignment: ProgramAssignmentView) => {
  const version = await findCoachingItemVersion(services.db, assignment.programId, assignment.programVersion);
  const program = programOf(version?.fields);
  const rule: PassRule = {
    minScore: program.pass_rule.min_score,
    attempts: program.pass_rule.attempts,
    counts: program.pass_rule.counts,
    inOrder: program.pass_rule.in_order,
  };
  const contents = await Promise.all(
    program.items.map(async (item) => {
      const kind = 'scenario_id' in item ? ('scenario' as const) : ('playlist' as const);
      const id = 'scenario_id' in item ? item.scenario_id : item.playlist_id;
      return { kind, id, ...(await itemContent(services, kind, id)) };
    }),
  );
  return { assignment, name: program.name, description: program.description, rule, contents };
};

export type LearnerStanding = Pick<MyAssignment, 'status' | 'progress' | 'items'>;

/** Where one learner stands on an assignment now: the pass rule applied to their scored sessions since its start. */
export const learnerStanding = async (
  services: AppServices,
  { assignment, rule, contents }: AssignedProgram,
  userId: string,
  now: string,
): Promise<LearnerStanding> => {
  const tries = await scoredScenarioTries(services.db, {
    organizationId: assignment.organizationId,
    userId,
    scenarioIds: [...new Set(contents.flatMap((content) => content.scenarioIds))],
    since: assignment.startsAt,
  });
  const granted = assignment.extraAttempts[userId] ?? {};
  const results = contents.map((content, index) => {
    const scenarioResults = content.scenarioIds.map((scenarioId) =>
      programItemResult(rule, tries.get(scenarioId) ?? [], granted[String(index)] ?? 0),
    );
    const result: ProgramItemResult =
      content.kind === 'scenario'
        ? scenarioResults[0]!
        : {
            status: programOutcome(scenarioResults).status,
            attemptsUsed: 0,
            attemptsLeft: null,
            score: mean(scenarioResults.map((scenario) => scenario.score)),
          };
    return { content, result, scenarioResults };
  });
  const outcome = programOutcome(results.map(({ result }) => result));
  const items: Item[] = results.map(({ content, result, scenarioResults }, index) => ({
    kind: content.kind,
    id: content.id,
    name: content.name,
    status: result.status,
    score: result.score,
    attempts_used: content.kind === 'scenario' ? result.attemptsUsed : null,
    attempts_left: content.kind === 'scenario' ? result.attemptsLeft : null,
    scenarios:
      content.kind === 'playlist'
        ? {
            passed: scenarioResults.filter((scenario) => scenario.status === 'passed').length,
            total: scenarioResults.length,
          }
        : null,
    open: programItemOpen(
      rule,
      results.map((entry) => entry.result),
      index,
    ),
  }));
  return {
    status: learnerAssignmentStatus(
      { status: assignment.withdrawnAt === null ? 'active' : 'withdrawn', dueAt: assignment.dueAt },
      outcome.status,
      now,
    ),
    progress: { passed: outcome.passed, total: outcome.total },
    items,
  };
};

/** One assignment as the learner stands on it now. */
const assignmentOf = async (
  services: AppServices,
  caller: UserCaller,
  assignment: ProgramAssignmentView,
  now: string,
): Promise<MyAssignment> => {
  const program = await assignedProgramOf(services, assignment);
  return {
    id: assignment.assignmentId,
    program_id: assignment.programId,
    program_version: assignment.programVersion,
    name: program.name,
    description: program.description,
    message: assignment.message,
    starts_at: assignment.startsAt,
    due_at: assignment.dueAt,
    time_zone: assignment.timeZone,
    ...(await learnerStanding(services, program, caller.userId, now)),
    reminders_muted: assignment.muted.includes(caller.userId),
    certificate_id:
      (await certificatesOfAssignment(services.db, assignment.assignmentId)).get(caller.userId)?.certificateId ?? null,
  };
};

/** Withdrawn ones last; then due soonest first. */
const byDueDate = (a: MyAssignment, b: MyAssignment) =>
  Number(a.status === 'withdrawn') - Number(b.status === 'withdrawn') || a.due_at.localeCompare(b.due_at);

/** Mutes or unmutes the reminders of one of the caller's assignments; anyone else's answers 404. */
export const muteMyAssignmentReminders = async (
  services: AppServices,
  origin: Origin,
  assignmentId: string,
  body: ParsedRequest<Operations['muteReminders']>['body'],
): Promise<MyAssignment> => {
  const caller = signedInUser(origin.caller);
  const mine = (await assignmentsReaching(services, caller)).some((entry) => entry.assignmentId === assignmentId);
  if (!mine) throw new NotFoundError('assignment_not_found', 'This assignment does not exist.');
  await runAssignmentCommand(services, origin, {
    type: 'MuteAssignmentReminders',
    data: { assignmentId, learnerId: caller.userId, muted: body.muted },
    metadata: { now: nowIso(services) },
  });
  const assignment = await findProgramAssignment(services.db, assignmentId);
  if (!assignment) throw new NotFoundError('assignment_not_found', 'This assignment does not exist.');
  return assignmentOf(services, caller, assignment, nowIso(services));
};

export const listMyAssignments = async (
  services: AppServices,
  origin: Origin,
  query: ParsedRequest<Operations['list']>['query'],
): Promise<Page<MyAssignment>> => {
  const caller = signedInUser(origin.caller);
  const assignments = await assignmentsReaching(services, caller);
  const now = nowIso(services);
  const all = (
    await Promise.all(assignments.map((assignment) => assignmentOf(services, caller, assignment, now)))
  ).sort(byDueDate);
  const start = (query.page - 1) * query.page_size;
  return {
    items: all.slice(start, start + query.page_size),
    total: all.length,
    page: query.page,
    page_size: query.page_size,
  };
};
