import type { OrganizationEvent } from '@ai-coaching/domain';
import { describe, expect, it } from 'vitest';
import { at, listParams as params, seededReadModel } from '../../testing/read-model-spec.js';
import {
  findOrganization,
  findPlatformOrganization,
  listOrganizations,
  listSessionRetentions,
  organizationListProjection,
  organizationRecordsVoiceSessions,
} from './index.js';

const created = (organizationId: string, name: string, day: number): OrganizationEvent => ({
  type: 'OrganizationCreated',
  data: { organizationId, name, kind: 'customer', description: '', createdBy: 'u1', createdAt: at(day) },
});

const names = (page: { items: { name: string }[] }) => page.items.map((item) => item.name);

/** An `rm_organizations` row whose description, metadata, operator name, mail settings, logo, retention, voice recording and leaderboards were never set. */
const untouchedRow = (row: {
  organization_id: string;
  name: string;
  kind: string;
  status: string;
  created_at: Date;
  updated_at: Date;
}) => ({
  ...row,
  description: '',
  metadata_organization: {},
  metadata_product: {},
  metadata_custom: {},
  operator_name: '',
  mail_sender_name: '',
  mail_reply_to: '',
  logo_image_id: null,
  session_retention_days: null,
  record_voice_sessions: false,
  leaderboards_enabled: false,
});

describe('organization-list read model', () => {
  const { db, reapplyTwice } = seededReadModel<OrganizationEvent>(
    organizationListProjection,
    async ({ append, store }) => {
      // As stored before descriptions existed.
      await append('organization-platform', {
        type: 'OrganizationCreated',
        data: { organizationId: 'platform', name: 'Operator', kind: 'platform', createdBy: null, createdAt: at(1) },
      });
      await store.appendToStream('user-u1', [{ id: crypto.randomUUID(), type: 'UserCreated', data: { userId: 'u1' } }]);
      await append(
        'organization-acme',
        created('acme', 'Acme', 3),
        {
          type: 'OrganizationUpdated',
          data: { organizationId: 'acme', name: 'Acme Corp', description: 'Anvils', updatedAt: at(10) },
        },
        {
          type: 'OrganizationMetadataUpdated',
          data: { organizationId: 'acme', kind: 'product', metadata: { plan: 'gold', seats: 40 }, updatedAt: at(11) },
        },
        {
          type: 'OrganizationMetadataUpdated',
          data: { organizationId: 'acme', kind: 'custom', metadata: { vip: true, note: null }, updatedAt: at(12) },
        },
        {
          type: 'OperatorNameChanged',
          data: { organizationId: 'acme', operatorName: 'Acme HR', changedAt: at(12) },
        },
        {
          type: 'OrganizationMailSettingsChanged',
          data: { organizationId: 'acme', senderName: 'Acme Academy', replyTo: 'help@acme.example', changedAt: at(12) },
        },
        {
          type: 'OrganizationLogoChanged',
          data: { organizationId: 'acme', logoImageId: 'img-acme', changedAt: at(12) },
        },
        {
          type: 'OrganizationSessionRetentionChanged',
          data: { organizationId: 'acme', retentionDays: 30, changedAt: at(12) },
        },
        {
          type: 'OrganizationVoiceRecordingChanged',
          data: { organizationId: 'acme', enabled: true, changedAt: at(12) },
        },
        {
          type: 'OrganizationLeaderboardsChanged',
          data: { organizationId: 'acme', enabled: true, changedAt: at(12) },
        },
      );
      await append('organization-zeta', created('zeta', 'zeta labs', 4));
      await append('organization-beta', created('beta', 'Beta_Works', 5));
      await append(
        'organization-gone',
        created('gone', 'Acme Old', 6),
        {
          type: 'OrganizationLogoChanged',
          data: { organizationId: 'gone', logoImageId: 'img-gone', changedAt: at(7) },
        },
        { type: 'OrganizationLogoChanged', data: { organizationId: 'gone', logoImageId: null, changedAt: at(8) } },
        {
          type: 'OrganizationSessionRetentionChanged',
          data: { organizationId: 'gone', retentionDays: 7, changedAt: at(9) },
        },
        {
          type: 'OrganizationSessionRetentionChanged',
          data: { organizationId: 'gone', retentionDays: null, changedAt: at(10) },
        },
        {
          type: 'OrganizationVoiceRecordingChanged',
          data: { organizationId: 'gone', enabled: true, changedAt: at(11) },
        },
        {
          type: 'OrganizationVoiceRecordingChanged',
          data: { organizationId: 'gone', enabled: false, changedAt: at(12) },
        },
        {
          type: 'OrganizationLeaderboardsChanged',
          data: { organizationId: 'gone', enabled: true, changedAt: at(13) },
        },
        {
          type: 'OrganizationLeaderboardsChanged',
          data: { organizationId: 'gone', enabled: false, changedAt: at(14) },
        },
        { type: 'OrganizationArchived', data: { organizationId: 'gone', archivedAt: at(20) } },
      );
      await append('organization-delta', created('delta', '100% Delta', 7));
    },
  );

  it('holds one row per organization with its latest name, description, metadata, operator name, mail settings, logo, session retention, voice recording, leaderboards and status', async () => {
    const { rows } = await db.query(
      `SELECT * FROM rm_organizations WHERE organization_id IN ('acme', 'gone', 'platform') ORDER BY organization_id`,
    );
    expect(rows).toEqual([
      {
        organization_id: 'acme',
        name: 'Acme Corp',
        description: 'Anvils',
        kind: 'customer',
        status: 'active',
        metadata_organization: {},
        metadata_product: { plan: 'gold', seats: 40 },
        metadata_custom: { vip: true, note: null },
        operator_name: 'Acme HR',
        mail_sender_name: 'Acme Academy',
        mail_reply_to: 'help@acme.example',
        logo_image_id: 'img-acme',
        session_retention_days: 30,
        record_voice_sessions: true,
        leaderboards_enabled: true,
        created_at: new Date(at(3)),
        updated_at: new Date(at(12)),
      },
      untouchedRow({
        organization_id: 'gone',
        name: 'Acme Old',
        kind: 'customer',
        status: 'archived',
        created_at: new Date(at(6)),
        updated_at: new Date(at(20)),
      }),
      untouchedRow({
        organization_id: 'platform',
        name: 'Operator',
        kind: 'platform',
        status: 'active',
        created_at: new Date(at(1)),
        updated_at: new Date(at(1)),
      }),
    ]);
  });

  it('finds one organization as a view', async () => {
    expect(await findOrganization(db, 'acme')).toEqual({
      organizationId: 'acme',
      name: 'Acme Corp',
      description: 'Anvils',
      kind: 'customer',
      status: 'active',
      metadata: { organization: {}, product: { plan: 'gold', seats: 40 }, custom: { vip: true, note: null } },
      operatorName: 'Acme HR',
      mailSenderName: 'Acme Academy',
      mailReplyTo: 'help@acme.example',
      logoImageId: 'img-acme',
      sessionRetentionDays: 30,
      recordVoiceSessions: true,
      leaderboardsEnabled: true,
      createdAt: at(3),
      updatedAt: at(12),
    });
    expect(await findOrganization(db, 'gone')).toMatchObject({ status: 'archived' });
    expect(await findOrganization(db, 'nobody')).toBeUndefined();
  });

  it('lists the organizations that keep their sessions for a number of days', async () => {
    expect(await listSessionRetentions(db)).toEqual([{ organizationId: 'acme', retentionDays: 30 }]);
  });

  it('tells whether an organization records its voice sessions: not unless turned on, nor an unknown one', async () => {
    expect(await organizationRecordsVoiceSessions(db, 'acme')).toBe(true);
    expect(await organizationRecordsVoiceSessions(db, 'gone')).toBe(false);
    expect(await organizationRecordsVoiceSessions(db, 'zeta')).toBe(false);
    expect(await organizationRecordsVoiceSessions(db, 'nobody')).toBe(false);
  });

  it('finds the platform organization', async () => {
    expect(await findPlatformOrganization(db)).toMatchObject({ organizationId: 'platform', kind: 'platform' });
  });

  it('lists active organizations, most recently updated first by default', async () => {
    const page = await listOrganizations(db, params());
    expect(names(page)).toEqual(['Acme Corp', '100% Delta', 'Beta_Works', 'zeta labs', 'Operator']);
    expect(page).toMatchObject({ total: 5, page: 1, page_size: 12 });
  });

  it('sorts by name ignoring case, and by updated_at ascending', async () => {
    expect(names(await listOrganizations(db, params({ sort: 'name' })))).toEqual([
      '100% Delta',
      'Acme Corp',
      'Beta_Works',
      'Operator',
      'zeta labs',
    ]);
    expect(names(await listOrganizations(db, params({ sort: 'updated_at' })))).toEqual([
      'Operator',
      'zeta labs',
      'Beta_Works',
      '100% Delta',
      'Acme Corp',
    ]);
  });

  it('includes archived organizations on request', async () => {
    const page = await listOrganizations(db, { ...params({ sort: 'name' }), includeArchived: true });
    expect(names(page)).toEqual(['100% Delta', 'Acme Corp', 'Acme Old', 'Beta_Works', 'Operator', 'zeta labs']);
  });

  it('matches q in the name, case-insensitively and literally', async () => {
    expect(names(await listOrganizations(db, params({ q: 'ACME' })))).toEqual(['Acme Corp']);
    expect(
      names(await listOrganizations(db, { ...params({ q: 'acme', sort: 'name' }), includeArchived: true })),
    ).toEqual(['Acme Corp', 'Acme Old']);
    expect(names(await listOrganizations(db, params({ q: '_' })))).toEqual(['Beta_Works']);
    expect(names(await listOrganizations(db, params({ q: '%' })))).toEqual(['100% Delta']);
    expect(await listOrganizations(db, params({ q: 'nothing like it' }))).toMatchObject({ items: [], total: 0 });
  });

  it('restricts to the organizations given', async () => {
    const page = await listOrganizations(db, {
      ...params({ sort: 'name' }),
      organizationIds: ['acme', 'zeta', 'gone'],
    });
    expect(names(page)).toEqual(['Acme Corp', 'zeta labs']);
    expect((await listOrganizations(db, { ...params(), organizationIds: [] })).total).toBe(0);
  });

  it('pages with the total of all matches', async () => {
    const all = names(await listOrganizations(db, params({ sort: 'name' })));
    const byTwo = async (page: number) => listOrganizations(db, { ...params({ sort: 'name', page }), page_size: 2 });
    expect(names(await byTwo(1))).toEqual(all.slice(0, 2));
    expect(names(await byTwo(3))).toEqual(all.slice(4, 6));
    expect(await byTwo(4)).toMatchObject({ items: [], total: 5, page: 4, page_size: 2 });
  });

  it('is unchanged when the same events are applied again', async () => {
    const before = (await db.query('SELECT * FROM rm_organizations ORDER BY organization_id')).rows;
    await reapplyTwice();
    expect((await db.query('SELECT * FROM rm_organizations ORDER BY organization_id')).rows).toEqual(before);
  });
});
