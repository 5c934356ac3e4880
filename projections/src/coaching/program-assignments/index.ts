import type { Assignee, AssignmentReminder, ProgramAssigned } from '@ai-coaching/domain';
import type { SqlExecutor } from '@ai-coaching/platform';
import { defineProjection } from '../../runner/projection.js';
import { unlessNotCreatedYet } from '../../shared/not-created-yet.js';
import { findOne, isoTime, isoTimeOrNull } from '../../shared/rows.js';

const TABLES = {
  assignments: 'rm_program_assignments',
  reminders: 'rm_program_assignment_reminders',
  certificates: 'rm_assignment_certificates',
} as const;

/**
 * Program assignments (docs/programs.md, "Assignments"): one row per assignment, with its assignees as they were
 * named (users and groups; a group's members are read from the user groups when asked). Withdrawn ones stay, marked.
 */
export const programAssignmentsProjection = defineProjection({
  name: 'program-assignments',
  version: 2,
  tables: TABLES,
  async setup(tx, t) {
    await tx.exec(`
      CREATE TABLE IF NOT EXISTS ${t.assignments} (
        assignment_id text PRIMARY KEY,
        organization_id text NOT NULL,
        program_id text NOT NULL,
        program_version integer NOT NULL,
        item_count integer NOT NULL,
        assignees jsonb NOT NULL,
        starts_at timestamptz NOT NULL,
        due_at timestamptz NOT NULL,
        time_zone text NOT NULL,
        message text NOT NULL,
        assigned_by text NOT NULL,
        assigned_at timestamptz NOT NULL,
        withdrawn_at timestamptz,
        extra_attempts jsonb NOT NULL DEFAULT '{}'::jsonb,
        -- When the due date was last set (its reminders fall after it), and the learners who muted the reminders.
        due_set_at timestamptz NOT NULL,
        muted jsonb NOT NULL DEFAULT '[]'::jsonb,
        -- The stream revision last applied: an event applied again (a replay) changes nothing, grants included.
        revision bigint NOT NULL
      );
      CREATE INDEX IF NOT EXISTS ${t.assignments}_program_idx ON ${t.assignments} (program_id, assigned_at DESC);
      CREATE INDEX IF NOT EXISTS ${t.assignments}_org_idx ON ${t.assignments} (organization_id);
      CREATE INDEX IF NOT EXISTS ${t.assignments}_due_idx ON ${t.assignments} (due_at) WHERE withdrawn_at IS NULL;
      CREATE TABLE IF NOT EXISTS ${t.reminders} (
        assignment_id text NOT NULL,
        user_id text NOT NULL,
        reminder text NOT NULL,
        due_at timestamptz NOT NULL,
        sent_at timestamptz NOT NULL,
        PRIMARY KEY (assignment_id, user_id, reminder, due_at)
      );
      CREATE TABLE IF NOT EXISTS ${t.certificates} (
        certificate_id text PRIMARY KEY,
        assignment_id text NOT NULL,
        organization_id text NOT NULL,
        program_id text NOT NULL,
        program_version integer NOT NULL,
        user_id text NOT NULL,
        score double precision,
        item_scores jsonb NOT NULL,
        passed_at timestamptz NOT NULL,
        UNIQUE (assignment_id, user_id)
      );
      CREATE INDEX IF NOT EXISTS ${t.certificates}_user_idx ON ${t.certificates} (user_id);`);
  },
  on: {
    async ProgramAssigned(tx, { data, revision }, t) {
      await tx.query(
        `INSERT INTO ${t.assignments} (assignment_id, organization_id, program_id, program_version, item_count,
           assignees, starts_at, due_at, time_zone, message, assigned_by, assigned_at, revision, due_set_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $12) ON CONFLICT (assignment_id) DO NOTHING`,
        [
          data.assignmentId,
          data.organizationId,
          data.programId,
          data.programVersion,
          data.itemCount,
          JSON.stringify(data.assignees),
          data.startsAt,
          data.dueAt,
          data.timeZone,
          data.message,
          data.assignedBy,
          data.assignedAt,
          revision.toString(),
        ],
      );
    },
    async AssignmentDueDateChanged(tx, { data, revision }, t) {
      await tx.query(
        `UPDATE ${t.assignments} SET due_at = $3, time_zone = $4, due_set_at = $5, revision = $2
         WHERE assignment_id = $1 AND revision < $2`,
        [data.assignmentId, revision.toString(), data.dueAt, data.timeZone, data.changedAt],
      );
    },
    async AssignmentWithdrawn(tx, { data, revision }, t) {
      await tx.query(
        `UPDATE ${t.assignments} SET withdrawn_at = $3, revision = $2 WHERE assignment_id = $1 AND revision < $2`,
        [data.assignmentId, revision.toString(), data.withdrawnAt],
      );
    },
    async AssignmentAttemptsGranted(tx, { data, revision }, t) {
      // Granted attempts add up, per learner and item: {"<userId>": {"<itemIndex>": n}}.
      await tx.query(
        `UPDATE ${t.assignments}
         SET extra_attempts = jsonb_set(
           jsonb_set(extra_attempts, ARRAY[$2::text], COALESCE(extra_attempts -> $2::text, '{}'::jsonb)),
           ARRAY[$2::text, $3::text],
           to_jsonb(COALESCE((extra_attempts -> $2::text ->> $3::text)::int, 0) + $4::int)),
           revision = $5
         WHERE assignment_id = $1 AND revision < $5`,
        [data.assignmentId, data.userId, String(data.itemIndex), data.attempts, revision.toString()],
      );
    },
    async AssignmentRemindersSent(tx, { data }, t) {
      await tx.query(
        `INSERT INTO ${t.reminders} (assignment_id, user_id, reminder, due_at, sent_at)
         SELECT $1, learner, $2, $3, $4 FROM unnest($5::text[]) AS learner ON CONFLICT DO NOTHING`,
        [data.assignmentId, data.reminder, data.dueAt, data.sentAt, data.learnerIds],
      );
    },
    async AssignmentPassed(tx, { data }, t) {
      await tx.query(
        `INSERT INTO ${t.certificates} (certificate_id, assignment_id, organization_id, program_id, program_version,
           user_id, score, item_scores, passed_at)
         SELECT $1, a.assignment_id, a.organization_id, a.program_id, a.program_version, $3, $4, $5, $6
         FROM ${t.assignments} a WHERE a.assignment_id = $2
         ON CONFLICT DO NOTHING`,
        [
          data.certificateId,
          data.assignmentId,
          data.userId,
          data.score,
          JSON.stringify(data.itemScores),
          data.passedAt,
        ],
      );
    },
    async AssignmentRemindersMuted(tx, { data, revision }, t) {
      await tx.query(
        `UPDATE ${t.assignments}
         SET muted = (SELECT COALESCE(jsonb_agg(id), '[]'::jsonb) FROM jsonb_array_elements_text(muted) id WHERE id <> $2)
                     || CASE WHEN $3::boolean THEN jsonb_build_array($2::text) ELSE '[]'::jsonb END,
             revision = $4
         WHERE assignment_id = $1 AND revision < $4`,
        [data.assignmentId, data.userId, data.muted, revision.toString()],
      );
    },
  },
});

/** An assignment as its managers see it: as assigned, with its latest due date, withdrawal and extra attempts. */
export type ProgramAssignmentView = ProgramAssigned['data'] & {
  withdrawnAt: string | null;
  /** Extra attempts by learner, then by item index. */
  extraAttempts: Record<string, Record<string, number>>;
  /** When the due date was last set: its reminders fall after it. */
  dueSetAt: string;
  /** The learners who muted its reminders. */
  muted: string[];
};

type AssignmentRecord = {
  assignment_id: string;
  organization_id: string;
  program_id: string;
  program_version: number;
  item_count: number;
  assignees: Assignee[];
  starts_at: Date | string;
  due_at: Date | string;
  time_zone: string;
  message: string;
  assigned_by: string;
  assigned_at: Date | string;
  withdrawn_at: Date | string | null;
  extra_attempts: Record<string, Record<string, number>>;
  due_set_at: Date | string;
  muted: string[];
};

const toView = (row: AssignmentRecord): ProgramAssignmentView => ({
  assignmentId: row.assignment_id,
  organizationId: row.organization_id,
  programId: row.program_id,
  programVersion: row.program_version,
  itemCount: row.item_count,
  assignees: row.assignees,
  startsAt: isoTime(row.starts_at),
  dueAt: isoTime(row.due_at),
  timeZone: row.time_zone,
  message: row.message,
  assignedBy: row.assigned_by,
  assignedAt: isoTime(row.assigned_at),
  withdrawnAt: isoTimeOrNull(row.withdrawn_at),
  extraAttempts: row.extra_attempts,
  dueSetAt: isoTime(row.due_set_at),
  muted: row.muted,
});

export const findProgramAssignment = (
  db: SqlExecutor,
  assignmentId: string,
): Promise<ProgramAssignmentView | undefined> =>
  findOne(db, `SELECT * FROM ${TABLES.assignments} WHERE assignment_id = $1`, [assignmentId], toView);

/** A program's assignments, newest first. */
export const listProgramAssignments = async (db: SqlExecutor, programId: string): Promise<ProgramAssignmentView[]> => {
  const { rows } = await db.query<AssignmentRecord>(
    `SELECT * FROM ${TABLES.assignments} WHERE program_id = $1 ORDER BY assigned_at DESC, assignment_id`,
    [programId],
  );
  return rows.map(toView);
};

/**
 * The assignments of one organization that reach a learner: naming them, or one of their groups as it is now (so a
 * member who joined later is reached). Withdrawn ones included; newest first.
 */
export const listAssignmentsOfLearner = async (
  db: SqlExecutor,
  learner: { organizationId: string; userId: string; userGroupIds: readonly string[] },
): Promise<ProgramAssignmentView[]> => {
  const { rows } = await db.query<AssignmentRecord>(
    `SELECT * FROM ${TABLES.assignments} a
     WHERE a.organization_id = $1
       AND EXISTS (SELECT 1 FROM jsonb_array_elements(a.assignees) x
                   WHERE x ->> 'userId' = $2 OR x ->> 'userGroupId' = ANY($3::text[]))
     ORDER BY a.assigned_at DESC, a.assignment_id`,
    [learner.organizationId, learner.userId, [...learner.userGroupIds]],
  );
  return rows.map(toView);
};

/** The assignments of an organization that name this group (withdrawn ones included), newest first. */
export const listAssignmentsNamingGroup = async (
  db: SqlExecutor,
  organizationId: string,
  userGroupId: string,
): Promise<ProgramAssignmentView[]> => {
  const { rows } = await db.query<AssignmentRecord>(
    `SELECT * FROM ${TABLES.assignments}
     WHERE organization_id = $1 AND assignees @> jsonb_build_array(jsonb_build_object('userGroupId', $2::text))
     ORDER BY assigned_at DESC, assignment_id`,
    [organizationId, userGroupId],
  );
  return rows.map(toView);
};

/**
 * Active assignments due after `dueAfter`: those whose reminders a restart schedules again. None while the read model
 * is not created yet (the workers of a first deployment may start before the projections).
 */
export const listAssignmentsDueAfter = (db: SqlExecutor, dueAfter: string): Promise<ProgramAssignmentView[]> =>
  unlessNotCreatedYet(async () => {
    const { rows } = await db.query<AssignmentRecord>(
      `SELECT * FROM ${TABLES.assignments} WHERE withdrawn_at IS NULL AND due_at > $1 ORDER BY due_at, assignment_id`,
      [dueAfter],
    );
    return rows.map(toView);
  });

/** The active assignments whose due date has passed by `dueBy`, of every organization: the weekly digest's. */
export const listActiveAssignmentsDueBy = (db: SqlExecutor, dueBy: string): Promise<ProgramAssignmentView[]> =>
  unlessNotCreatedYet(async () => {
    const { rows } = await db.query<AssignmentRecord>(
      `SELECT * FROM ${TABLES.assignments} WHERE withdrawn_at IS NULL AND due_at <= $1
       ORDER BY organization_id, due_at, assignment_id`,
      [dueBy],
    );
    return rows.map(toView);
  });

export type AssignmentReminderSent = { userId: string; reminder: AssignmentReminder; dueAt: string; sentAt: string };

/** The reminders an assignment sent, oldest first (to the learners `userIds` only, when given). */
export const listAssignmentRemindersSent = async (
  db: SqlExecutor,
  assignmentId: string,
  userIds?: readonly string[],
): Promise<AssignmentReminderSent[]> => {
  const { rows } = await db.query<{
    user_id: string;
    reminder: AssignmentReminder;
    due_at: Date | string;
    sent_at: Date | string;
  }>(
    `SELECT user_id, reminder, due_at, sent_at FROM ${TABLES.reminders}
     WHERE assignment_id = $1 AND ($2::text[] IS NULL OR user_id = ANY($2::text[]))
     ORDER BY sent_at, reminder, user_id`,
    [assignmentId, userIds === undefined ? null : [...userIds]],
  );
  return rows.map((row) => ({
    userId: row.user_id,
    reminder: row.reminder,
    dueAt: isoTime(row.due_at),
    sentAt: isoTime(row.sent_at),
  }));
};

/** A certificate as issued: whose, of which assignment and program version, with the scores that counted. */
export type AssignmentCertificateView = {
  certificateId: string;
  assignmentId: string;
  organizationId: string;
  programId: string;
  programVersion: number;
  userId: string;
  score: number | null;
  itemScores: (number | null)[];
  passedAt: string;
};

type CertificateRecord = {
  certificate_id: string;
  assignment_id: string;
  organization_id: string;
  program_id: string;
  program_version: number;
  user_id: string;
  score: number | null;
  item_scores: (number | null)[];
  passed_at: Date | string;
};

const toCertificate = (row: CertificateRecord): AssignmentCertificateView => ({
  certificateId: row.certificate_id,
  assignmentId: row.assignment_id,
  organizationId: row.organization_id,
  programId: row.program_id,
  programVersion: row.program_version,
  userId: row.user_id,
  score: row.score,
  itemScores: row.item_scores,
  passedAt: isoTime(row.passed_at),
});

export const findAssignmentCertificate = (
  db: SqlExecutor,
  certificateId: string,
): Promise<AssignmentCertificateView | undefined> =>
  findOne(db, `SELECT * FROM ${TABLES.certificates} WHERE certificate_id = $1`, [certificateId], toCertificate);

/** The certificates issued on an assignment, by learner. */
export const certificatesOfAssignment = async (
  db: SqlExecutor,
  assignmentId: string,
): Promise<Map<string, AssignmentCertificateView>> => {
  const { rows } = await db.query<CertificateRecord>(`SELECT * FROM ${TABLES.certificates} WHERE assignment_id = $1`, [
    assignmentId,
  ]);
  return new Map(rows.map((row) => [row.user_id, toCertificate(row)]));
};
