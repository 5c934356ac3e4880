import { ASSIGNABLE_ROLES, type Role } from '../permissions/roles.js';
import { isValidEmail, normalizeEmail, USER_NAME_MAX } from '../users/rules.js';

// A bulk import of users from a CSV file (docs/api/integrations.md, "Bulk import"): what each row of the file will
// do, decided with no I/O from the file's rows, the organization's users and groups and the operator's role. The dry
// run answers this plan; the confirmed import carries it out row by row.

/** The most rows one file may hold, and the largest file (in characters of its text). */
export const USER_IMPORT_MAX_ROWS = 1000;
export const USER_IMPORT_MAX_CHARACTERS = 512 * 1024;

export const USER_IMPORT_COLUMNS = ['email', 'first_name', 'last_name', 'role', 'groups'] as const;
export type UserImportColumn = (typeof USER_IMPORT_COLUMNS)[number];

/** Header names accepted for each column, in English and French, compared without case, accents or punctuation. */
const COLUMN_NAMES: Record<UserImportColumn, readonly string[]> = {
  email: [
    'email',
    'e mail',
    'email address',
    'mail',
    'adresse e mail',
    'adresse email',
    'courriel',
    'adresse electronique',
  ],
  first_name: ['first name', 'firstname', 'given name', 'prenom'],
  last_name: ['last name', 'lastname', 'surname', 'family name', 'nom', 'nom de famille'],
  role: ['role'],
  groups: ['groups', 'group', 'groupes', 'groupe', 'user groups', 'groupes d utilisateurs'],
};

const comparable = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** The column a header cell names, or null for a column the import ignores. */
export const importColumnOf = (header: string): UserImportColumn | null => {
  const name = comparable(header);
  return USER_IMPORT_COLUMNS.find((column) => COLUMN_NAMES[column].includes(name)) ?? null;
};

/** The roles a row may name: every role an account can have (a guest is a shared session's token, not an account). */
export type ImportRole = Exclude<Role, 'guest'>;

/** Role values accepted in a cell: the product's roles, and their names in the interface's languages. */
const ROLE_NAMES: Record<string, ImportRole> = {
  'super admin': 'super-admin',
  'super administrateur': 'super-admin',
  operator: 'operator',
  operateur: 'operator',
  editor: 'editor',
  editeur: 'editor',
  user: 'user',
  utilisateur: 'user',
  learner: 'user',
  apprenant: 'user',
};

export const importRoleOf = (cell: string): ImportRole | null => ROLE_NAMES[comparable(cell)] ?? null;

/** Group names in a cell, separated by `|` or `;`, each trimmed, blanks and repeats (the first spelling kept) left out. */
export const importGroupNamesOf = (cell: string): string[] => {
  const names = new Map<string, string>();
  for (const part of cell.split(/[|;]/)) {
    const name = part.trim();
    if (name !== '' && !names.has(name.toLowerCase())) names.set(name.toLowerCase(), name);
  }
  return [...names.values()];
};

/** One data row of the file, its cells by column (an absent column is blank); `line` is the file's line number. */
export type UserImportRecord = { line: number } & Record<UserImportColumn, string>;

export const USER_IMPORT_ROW_ERRORS = [
  'import_email_invalid',
  'import_email_repeated',
  'import_first_name_missing',
  'import_last_name_missing',
  'import_name_too_long',
  'import_role_unknown',
  'import_role_not_assignable',
  'import_group_unknown',
  'import_user_not_manageable',
  'import_own_role',
] as const;
export type UserImportRowErrorCode = (typeof USER_IMPORT_ROW_ERRORS)[number];

/** A row's problem: the column it is about, a stable code, and what its message names. */
export type UserImportRowError = {
  column: UserImportColumn;
  code: UserImportRowErrorCode;
  params: Record<string, string | number>;
};

/** Why a row changes nothing: nothing differs, or the address is another organization's account (never which). */
export type UserImportSkipReason = 'import_unchanged' | 'import_email_taken';

export type UserImportAction = 'create' | 'update' | 'skip' | 'error';

export type PlannedImportRow = {
  line: number;
  email: string;
  firstName: string;
  lastName: string;
  /** The role the account will have (the current one when the cell is blank), null when the cell is wrong. */
  role: ImportRole | null;
  /** Group names as the organization spells them (as the file does when unknown). */
  groups: string[];
  action: UserImportAction;
  skipReason: UserImportSkipReason | null;
  errors: UserImportRowError[];
  /** The existing account an update changes. */
  userId: string | null;
  /** What an update changes. */
  changes: { names: boolean; role: boolean; groupIds: string[] };
  /** Every group the row names, by id (a create joins them all). */
  groupIds: string[];
};

export type ImportExistingUser = {
  userId: string;
  organizationId: string;
  firstName: string;
  lastName: string;
  role: Role;
  groupIds: readonly string[];
};

export type UserImportContext = {
  organizationId: string;
  /** `platform` for the platform's own organization: the only one where super-admins are. */
  organizationKind: string;
  operator: { userId: string; role: Role };
  /** Accounts by normalized email, whatever their organization. */
  usersByEmail: ReadonlyMap<string, ImportExistingUser>;
  /** The organization's active groups by lower-cased name. */
  groupsByName: ReadonlyMap<string, { userGroupId: string; name: string }>;
};

const error = (
  column: UserImportColumn,
  code: UserImportRowErrorCode,
  params: Record<string, string | number> = {},
): UserImportRowError => ({ column, code, params });

const mayGrant = (context: UserImportContext, role: Role) =>
  ASSIGNABLE_ROLES[context.operator.role].includes(role) &&
  (role !== 'super-admin' || context.organizationKind === 'platform');

/** The checks of a row's own cells, whoever the address belongs to. */
const cellErrors = (record: UserImportRecord, email: string, context: UserImportContext) => {
  const errors: UserImportRowError[] = [];
  if (!isValidEmail(email)) errors.push(error('email', 'import_email_invalid'));
  for (const column of ['first_name', 'last_name'] as const) {
    if (record[column].trim().length > USER_NAME_MAX) {
      errors.push(error(column, 'import_name_too_long', { max: USER_NAME_MAX }));
    }
  }
  const roleCell = record.role.trim();
  const role = roleCell === '' ? null : importRoleOf(roleCell);
  if (roleCell !== '' && role === null) errors.push(error('role', 'import_role_unknown', { role: roleCell }));
  if (role !== null && !mayGrant(context, role)) {
    errors.push(error('role', 'import_role_not_assignable', { role }));
  }
  const groups = importGroupNamesOf(record.groups).map((name) => ({
    name,
    found: context.groupsByName.get(name.toLowerCase()),
  }));
  for (const group of groups) {
    if (!group.found) errors.push(error('groups', 'import_group_unknown', { group: group.name }));
  }
  return { errors, role, groups };
};

/** One row against the accounts as they are, the rows before it already planned (`seen`: email → first line). */
const planRow = (record: UserImportRecord, context: UserImportContext, seen: Map<string, number>): PlannedImportRow => {
  const email = normalizeEmail(record.email);
  const { errors, role, groups } = cellErrors(record, email, context);
  const firstName = record.first_name.trim();
  const lastName = record.last_name.trim();
  const groupIds = groups.flatMap((group) => (group.found ? [group.found.userGroupId] : []));
  const row: PlannedImportRow = {
    line: record.line,
    email,
    firstName,
    lastName,
    role,
    groups: groups.map((group) => group.found?.name ?? group.name),
    action: 'error',
    skipReason: null,
    errors,
    userId: null,
    changes: { names: false, role: false, groupIds: [] },
    groupIds,
  };
  const first = seen.get(email);
  if (first !== undefined) errors.unshift(error('email', 'import_email_repeated', { line: first }));
  else if (email !== '') seen.set(email, record.line);
  const existing = context.usersByEmail.get(email);
  if (!existing) {
    if (firstName === '') errors.push(error('first_name', 'import_first_name_missing'));
    if (lastName === '') errors.push(error('last_name', 'import_last_name_missing'));
    return errors.length > 0 ? row : { ...row, action: 'create', role: role ?? 'user' };
  }
  if (errors.length > 0) return row;
  // Another organization's account: skipped with a reason that names no organization.
  if (existing.organizationId !== context.organizationId) {
    return { ...row, action: 'skip', skipReason: 'import_email_taken', role: null, groups: [], groupIds: [] };
  }
  return planUpdate(row, existing, context);
};

const planUpdate = (
  row: PlannedImportRow,
  existing: ImportExistingUser,
  context: UserImportContext,
): PlannedImportRow => {
  const wantedRole = row.role ?? (existing.role === 'guest' ? null : existing.role);
  const roleChanges = wantedRole !== null && wantedRole !== existing.role;
  if (!ASSIGNABLE_ROLES[context.operator.role].includes(existing.role) && existing.userId !== context.operator.userId) {
    return { ...row, errors: [error('email', 'import_user_not_manageable')] };
  }
  if (roleChanges && existing.userId === context.operator.userId) {
    return { ...row, errors: [error('role', 'import_own_role')] };
  }
  const firstName = row.firstName || existing.firstName;
  const lastName = row.lastName || existing.lastName;
  const names = firstName !== existing.firstName || lastName !== existing.lastName;
  const groupIds = row.groupIds.filter((groupId) => !existing.groupIds.includes(groupId));
  const changes = { names, role: roleChanges, groupIds };
  const unchanged = !names && !roleChanges && groupIds.length === 0;
  return {
    ...row,
    firstName,
    lastName,
    role: wantedRole,
    userId: existing.userId,
    changes,
    action: unchanged ? 'skip' : 'update',
    skipReason: unchanged ? 'import_unchanged' : null,
  };
};

/**
 * What each row of the file will do: `create` (an address no account has), `update` (an account of this
 * organization whose names, role or groups differ: groups are joined, never left), `skip` (nothing differs, or the
 * address is another organization's account), or `error` (each problem of the row, by column). A row may not grant
 * a role the operator may not grant (ASSIGNABLE_ROLES), nor name a group the organization does not have: groups are
 * never created by an import, so a misspelt name is an error in the dry run rather than a new group.
 */
export const planUserImport = (
  records: readonly UserImportRecord[],
  context: UserImportContext,
): PlannedImportRow[] => {
  const seen = new Map<string, number>();
  return records.map((record) => planRow(record, context, seen));
};

/** How many rows of each action a plan holds. */
export const countImportActions = (rows: readonly Pick<PlannedImportRow, 'action'>[]) => {
  const counts: Record<UserImportAction, number> = { create: 0, update: 0, skip: 0, error: 0 };
  for (const row of rows) counts[row.action] += 1;
  return counts;
};
