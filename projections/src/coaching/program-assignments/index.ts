import type { Assignee, ProgramAssigned } from '@ai-coaching/domain';
import type { SqlExecutor } from '@ai-coaching/platform';
import { defineProjection } from '../../runner/projection.js';
import { findOne, isoTime, isoTimeOrNull } from '../../shared/rows.js';

/**
 * Program assignments (docs/programs.md, "Assignments"): one row per assignment, with its assignees as they were
 * named (users and groups; a group's members are read from the user groups when asked). Withdrawn ones stay, marked.
 */
export const programAssignmentsProjection = defineProjection({
  name: 'program-assignments',
  version: 1,
  tables: { assignments: 'rm_program_assignments' },
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
        -- The stream revision last applied: an event applied again (a replay) changes nothing, grants included.
        revision bigint NOT NULL
      );
      CREATE INDEX IF NOT EXISTS ${t.assignments}_program_idx ON ${t.assignments} (program_id, assigned_at DESC);
      CREATE INDEX IF NOT EXISTS ${t.assignments}_org_idx ON ${t.assignments} (organization_id);`);
  },
  on: {
    async ProgramAssigned(tx, { data, revision }, t) {
      await tx.query(
        `INSERT INTO ${t.assignments} (assignment_id, organization_id, program_id, program_version, item_count,
           assignees, starts_at, due_at, time_zone, message, assigned_by, assigned_at, revision)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) ON CONFLICT (assignment_id) DO NOTHING`,
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
        `UPDATE ${t.assignments} SET due_at = $3, time_zone = $4, revision = $2
         WHERE assignment_id = $1 AND revision < $2`,
        [data.assignmentId, revision.toString(), data.dueAt, data.timeZone],
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
  },
});

/** An assignment as its managers see it: as assigned, with its latest due date, withdrawal and extra attempts. */
export type ProgramAssignmentView = ProgramAssigned['data'] & {
  withdrawnAt: string | null;
  /** Extra attempts by learner, then by item index. */
  extraAttempts: Record<string, Record<string, number>>;
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
});

export const findProgramAssignment = (
  db: SqlExecutor,
  assignmentId: string,
): Promise<ProgramAssignmentView | undefined> =>
  findOne(db, `SELECT * FROM rm_program_assignments WHERE assignment_id = $1`, [assignmentId], toView);

/** A program's assignments, newest first. */
export const listProgramAssignments = async (db: SqlExecutor, programId: string): Promise<ProgramAssignmentView[]> => {
  const { rows } = await db.query<AssignmentRecord>(
    `SELECT * FROM rm_program_assignments WHERE program_id = $1 ORDER BY assigned_at DESC, assignment_id`,
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
    `SELECT * FROM rm_program_assignments a
     WHERE a.organization_id = $1
       AND EXISTS (SELECT 1 FROM jsonb_array_elements(a.assignees) x
                   WHERE x ->> 'userId' = $2 OR x ->> 'userGroupId' = ANY($3::text[]))
     ORDER BY a.assigned_at DESC, a.assignment_id`,
    [learner.organizationId, learner.userId, [...learner.userGroupIds]],
  );
  return rows.map(toView);
};
