import { describe, expect, it } from 'vitest';
import { ConflictError } from '../shared/errors.js';
import { DeciderSpecification } from '../testing/decider-specification.js';
import type { SettleSuperAdminRemoval, StartSuperAdminRemoval } from './commands.js';
import { platformDecider } from './decider.js';
import type { PlatformInitialized, SuperAdminRemovalSettled, SuperAdminRemovalStarted } from './events.js';
import { assertNotLastSuperAdmin, remainingSuperAdmins, SUPER_ADMIN_REMOVAL_LEASE_SECONDS } from './super-admins.js';

const given = DeciderSpecification.for(platformDecider);
const now = '2026-11-21T10:00:00.000Z';
const at = (seconds: number) => new Date(Date.parse(now) + seconds * 1000).toISOString();

const initialized: PlatformInitialized = {
  type: 'PlatformInitialized',
  data: { platformOrganizationId: 'org-0', superAdminUserId: 'ada', initializedAt: now },
};
const start = (
  userId: string,
  activeSuperAdminIds: string[],
  when = now,
  change: StartSuperAdminRemoval['data']['change'] = 'disable',
): StartSuperAdminRemoval => ({
  type: 'StartSuperAdminRemoval',
  data: { userId, change, activeSuperAdminIds },
  metadata: { now: when },
});
const started = (
  userId: string,
  when = now,
  change: SuperAdminRemovalStarted['data']['change'] = 'disable',
): SuperAdminRemovalStarted => ({
  type: 'SuperAdminRemovalStarted',
  data: {
    userId,
    change,
    leaseUntil: new Date(Date.parse(when) + SUPER_ADMIN_REMOVAL_LEASE_SECONDS * 1000).toISOString(),
    startedAt: when,
  },
});
const settle = (userId: string, outcome: 'applied' | 'abandoned' = 'applied'): SettleSuperAdminRemoval => ({
  type: 'SettleSuperAdminRemoval',
  data: { userId, outcome },
  metadata: { now: at(1) },
});
const settled = (userId: string, outcome: 'applied' | 'abandoned' = 'applied'): SuperAdminRemovalSettled => ({
  type: 'SuperAdminRemovalSettled',
  data: { userId, outcome, settledAt: at(1) },
});

const isLast = (error: ConflictError) => error.code === 'last_super_admin';

describe('[SUPER-ADMINS]: the last active super-admin', () => {
  describe('the rule', () => {
    it('counts the active super-admins other than the target and those being removed', () => {
      expect(remainingSuperAdmins(['ada', 'bob', 'cy'], {}, 'ada', now)).toEqual(['bob', 'cy']);
      expect(remainingSuperAdmins(['ada', 'bob', 'cy'], { bob: at(60) }, 'ada', now)).toEqual(['cy']);
      expect(remainingSuperAdmins(['ada', 'ada', 'bob'], {}, 'bob', now)).toEqual(['ada']);
    });

    it('counts again a super-admin whose removal lease has ended unsettled', () => {
      expect(remainingSuperAdmins(['ada', 'bob'], { bob: at(-1) }, 'ada', now)).toEqual(['bob']);
      expect(remainingSuperAdmins(['ada', 'bob'], { bob: now }, 'ada', now)).toEqual(['bob']);
    });

    it('refuses to take away the last one with 409 last_super_admin', () => {
      expect(() => assertNotLastSuperAdmin(['ada'], {}, 'ada', now)).toThrow(ConflictError);
      expect(() => assertNotLastSuperAdmin(['ada', 'bob'], { bob: at(5) }, 'ada', now)).toThrow(
        expect.objectContaining({ code: 'last_super_admin', status: 409 }),
      );
      expect(() => assertNotLastSuperAdmin(['ada', 'bob'], {}, 'ada', now)).not.toThrow();
    });

    it('lets an invited or disabled super-admin go while one active remains', () => {
      expect(() => assertNotLastSuperAdmin(['ada'], {}, 'invited-bob', now)).not.toThrow();
    });
  });

  describe('StartSuperAdminRemoval', () => {
    it('announces the removal with a lease while another active super-admin remains', () => {
      given([initialized])
        .when(start('bob', ['ada', 'bob'], now, 'demote'))
        .then([started('bob', now, 'demote')]);
    });

    it('refuses the only active super-admin', () => {
      given([initialized])
        .when(start('ada', ['ada']))
        .thenThrows(ConflictError, isLast);
    });

    it('refuses the second of two concurrent removals: the first one is under way', () => {
      given([initialized, started('bob')])
        .when(start('ada', ['ada', 'bob']))
        .thenThrows(ConflictError, isLast);
    });

    it('allows it again once the first removal was abandoned', () => {
      given([initialized, started('bob'), settled('bob', 'abandoned')])
        .when(start('ada', ['ada', 'bob']))
        .then([started('ada')]);
    });

    it('allows it once a removal that never settled has outlived its lease', () => {
      const later = at(SUPER_ADMIN_REMOVAL_LEASE_SECONDS + 1);
      given([initialized, started('bob')])
        .when(start('ada', ['ada', 'bob'], later))
        .then([started('ada', later)]);
    });

    it('refuses when no super-admin is active at all', () => {
      given([]).when(start('ada', [])).thenThrows(ConflictError, isLast);
    });
  });

  describe('SettleSuperAdminRemoval', () => {
    it('settles a removal under way', () => {
      given([initialized, started('bob')])
        .when(settle('bob'))
        .then([settled('bob')]);
    });

    it('decides nothing for a removal that is not under way (a repeated settlement)', () => {
      given([initialized, started('bob'), settled('bob')])
        .when(settle('bob'))
        .thenNothing();
      given([initialized]).when(settle('bob', 'abandoned')).thenNothing();
    });
  });
});
