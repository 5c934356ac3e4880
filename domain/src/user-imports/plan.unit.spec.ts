import { describe, expect, it } from 'vitest';
import {
  countImportActions,
  importColumnOf,
  importGroupNamesOf,
  importRoleOf,
  planUserImport,
  type ImportExistingUser,
  type UserImportContext,
  type UserImportRecord,
} from './plan.js';

const ORG = 'org-acme';

const existing = (email: string, user: Partial<ImportExistingUser> = {}): [string, ImportExistingUser] => [
  email,
  {
    userId: `user-${email}`,
    organizationId: ORG,
    firstName: 'Ada',
    lastName: 'Lovelace',
    role: 'user',
    groupIds: [],
    ...user,
  },
];

const context = (overrides: Partial<UserImportContext> = {}): UserImportContext => ({
  organizationId: ORG,
  organizationKind: 'customer',
  operator: { userId: 'user-op@acme.test', role: 'operator' },
  usersByEmail: new Map([
    existing('ada@acme.test', { groupIds: ['g-sales'] }),
    existing('op@acme.test', { role: 'operator', userId: 'user-op@acme.test' }),
    existing('boss@acme.test', { role: 'super-admin' }),
    existing('someone@other.test', { organizationId: 'org-other' }),
  ]),
  groupsByName: new Map([
    ['sales', { userGroupId: 'g-sales', name: 'Sales' }],
    ['north', { userGroupId: 'g-north', name: 'North' }],
  ]),
  ...overrides,
});

let line = 1;
const row = (cells: Partial<Omit<UserImportRecord, 'line'>>): UserImportRecord => ({
  line: ++line,
  email: '',
  first_name: '',
  last_name: '',
  role: '',
  groups: '',
  ...cells,
});

const planOne = (cells: Partial<Omit<UserImportRecord, 'line'>>, ctx = context()) =>
  planUserImport([row(cells)], ctx)[0]!;
const codes = (planned: { errors: { code: string }[] }) => planned.errors.map((error) => error.code);

describe('[IMPORT]: planning a bulk import of users', () => {
  it('creates a new address, as a user when the role is blank, in the groups named', () => {
    const planned = planOne({
      email: ' New@Acme.test ',
      first_name: 'Grace',
      last_name: 'Hopper',
      groups: 'sales | North',
    });
    expect(planned).toMatchObject({
      action: 'create',
      email: 'new@acme.test',
      role: 'user',
      groups: ['Sales', 'North'],
      groupIds: ['g-sales', 'g-north'],
      errors: [],
    });
  });

  it('needs both names to create', () => {
    expect(codes(planOne({ email: 'new@acme.test' }))).toEqual([
      'import_first_name_missing',
      'import_last_name_missing',
    ]);
  });

  it('refuses a role above the operator’s own, and super-admins outside the platform', () => {
    const cells = { email: 'new@acme.test', first_name: 'A', last_name: 'B' };
    const editor = context({ operator: { userId: 'x', role: 'editor' } });
    expect(planOne({ ...cells, role: 'user' }, editor)).toMatchObject({
      action: 'error',
      errors: [{ column: 'role', code: 'import_role_not_assignable', params: { role: 'user' } }],
    });
    expect(codes(planOne({ ...cells, role: 'super-admin' }))).toEqual(['import_role_not_assignable']);
    const platformAdmin = context({ organizationKind: 'platform', operator: { userId: 'x', role: 'super-admin' } });
    expect(planOne({ ...cells, role: 'super-admin' }, platformAdmin).action).toBe('create');
  });

  it('reads roles in English and French, and says which value is unknown', () => {
    expect(planOne({ email: 'n@acme.test', first_name: 'A', last_name: 'B', role: 'Éditeur' }).role).toBe('editor');
    expect(planOne({ email: 'n@acme.test', first_name: 'A', last_name: 'B', role: 'boss' })).toMatchObject({
      action: 'error',
      errors: [{ column: 'role', code: 'import_role_unknown', params: { role: 'boss' } }],
    });
  });

  it('never creates a group: an unknown name is the row’s error', () => {
    expect(planOne({ email: 'n@acme.test', first_name: 'A', last_name: 'B', groups: 'Sales;Sout' })).toMatchObject({
      action: 'error',
      errors: [{ column: 'groups', code: 'import_group_unknown', params: { group: 'Sout' } }],
    });
  });

  it('refuses a malformed address and an address repeated in the file, naming the first line', () => {
    const rows = planUserImport(
      [
        row({ email: 'not-an-address', first_name: 'A', last_name: 'B' }),
        row({ email: 'twice@acme.test', first_name: 'A', last_name: 'B' }),
        row({ email: 'TWICE@acme.test', first_name: 'A', last_name: 'B' }),
      ],
      context(),
    );
    expect(rows.map((planned) => planned.action)).toEqual(['error', 'create', 'error']);
    expect(codes(rows[0]!)).toEqual(['import_email_invalid']);
    expect(rows[2]!.errors).toEqual([
      { column: 'email', code: 'import_email_repeated', params: { line: rows[1]!.line } },
    ]);
  });

  it('updates an account of the organization: names, role and groups joined (never left)', () => {
    expect(planOne({ email: 'ada@acme.test', first_name: 'Augusta', role: 'editor', groups: 'North' })).toMatchObject({
      action: 'update',
      userId: 'user-ada@acme.test',
      firstName: 'Augusta',
      lastName: 'Lovelace',
      role: 'editor',
      changes: { names: true, role: true, groupIds: ['g-north'] },
    });
  });

  it('skips an account that would not change, blank cells keeping what it has', () => {
    expect(planOne({ email: 'ada@acme.test', groups: 'sales' })).toMatchObject({
      action: 'skip',
      skipReason: 'import_unchanged',
      role: 'user',
    });
  });

  it('skips another organization’s account without saying anything of it', () => {
    expect(planOne({ email: 'someone@other.test', first_name: 'X', last_name: 'Y', role: 'editor' })).toMatchObject({
      action: 'skip',
      skipReason: 'import_email_taken',
      userId: null,
      role: null,
      groups: [],
    });
  });

  it('does not change an account above the operator, nor the operator’s own role', () => {
    expect(codes(planOne({ email: 'boss@acme.test', first_name: 'New' }))).toEqual(['import_user_not_manageable']);
    expect(codes(planOne({ email: 'op@acme.test', role: 'user' }))).toEqual(['import_own_role']);
    expect(planOne({ email: 'op@acme.test', first_name: 'Renamed' }).action).toBe('update');
  });

  it('counts the rows of each action', () => {
    const rows = planUserImport(
      [
        row({ email: 'new@acme.test', first_name: 'A', last_name: 'B' }),
        row({ email: 'ada@acme.test' }),
        row({ email: 'bad' }),
      ],
      context(),
    );
    expect(countImportActions(rows)).toEqual({ create: 1, update: 0, skip: 1, error: 1 });
  });
});

describe('[IMPORT]: reading the file’s cells', () => {
  it('knows the columns by their English and French names', () => {
    expect(
      ['E-mail', 'Adresse électronique', 'Prénom', 'Nom', 'first_name', 'Last Name', 'Rôle', 'Groupes'].map(
        importColumnOf,
      ),
    ).toEqual(['email', 'email', 'first_name', 'last_name', 'first_name', 'last_name', 'role', 'groups']);
    expect(importColumnOf('Department')).toBeNull();
  });

  it('splits groups on | and ;, without blanks or repeats', () => {
    expect(importGroupNamesOf(' Sales |north; ; SALES ')).toEqual(['Sales', 'north']);
    expect(importRoleOf('Opérateur')).toBe('operator');
  });
});
