import { randomUUID } from 'node:crypto';
import {
  ConflictError,
  emailClaimDecider,
  normalizeEmail,
  userEmailStreamId,
  PLATFORM_STREAM_ID,
  organizationDecider,
  organizationStreamId,
  platformDecider,
  userDecider,
  userStreamId,
} from '@ai-coaching/domain';
import {
  deterministicId,
  emailKey,
  generatePassword,
  handleCommand,
  hashPassword,
  type Config,
  type EventStore,
  type GlobalPosition,
  type Logger,
} from '@ai-coaching/platform';

export const PLATFORM_ORGANIZATION_NAME = 'Platform';

// Fixed ids: an interrupted first start that is run again re-appends the same events, which
// the store answers idempotently, instead of creating a second platform organization.
export const platformOrganizationId = deterministicId('seed', 'platform-organization');
export const superAdminUserId = deterministicId('seed', 'super-admin');

export type SeedResult =
  { created: false } | { created: true; email: string; generatedPassword?: string; position: GlobalPosition };

const ignoreExisting = async <T>(work: () => Promise<T>, code: string): Promise<T | undefined> => {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ConflictError && error.code === code) return undefined;
    throw error;
  }
};

/**
 * On the first start, creates the platform organization and the super-admin (ADMIN_EMAIL /
 * ADMIN_PASSWORD, or a generated strong password returned once to be shown to the operator).
 * Later starts find the platform stream and do nothing.
 */
export const seedPlatform = async (deps: {
  store: EventStore;
  config: Config;
  logger: Logger;
  now?: () => Date;
}): Promise<SeedResult> => {
  const { store, config, logger } = deps;
  if ((await store.readStream(PLATFORM_STREAM_ID, { maxCount: 1 })).length > 0) return { created: false };

  const now = (deps.now ?? (() => new Date()))().toISOString();
  const generatedPassword = config.ADMIN_PASSWORD ? undefined : generatePassword();
  const password = config.ADMIN_PASSWORD ?? generatedPassword!;

  await ignoreExisting(
    () =>
      handleCommand(
        store,
        organizationStreamId(platformOrganizationId),
        organizationDecider,
        {
          type: 'CreateOrganization',
          data: {
            organizationId: platformOrganizationId,
            name: PLATFORM_ORGANIZATION_NAME,
            kind: 'platform',
            createdBy: null,
          },
          metadata: { now },
        },
        { commandId: 'seed:platform-organization' },
      ),
    'organization_exists',
  );

  // The email is claimed like any other, so nobody can later be invited with the same address.
  await handleCommand(
    store,
    userEmailStreamId(emailKey(normalizeEmail(config.ADMIN_EMAIL))),
    emailClaimDecider,
    { type: 'ClaimEmail', data: { email: config.ADMIN_EMAIL, userId: superAdminUserId }, metadata: { now } },
    { commandId: 'seed:super-admin-email' },
  );

  const user = await ignoreExisting(
    async () =>
      handleCommand(
        store,
        userStreamId(superAdminUserId),
        userDecider,
        {
          type: 'CreateUser',
          data: {
            userId: superAdminUserId,
            organizationId: platformOrganizationId,
            email: config.ADMIN_EMAIL,
            firstName: '',
            lastName: '',
            role: 'super-admin',
            passwordHash: await hashPassword(password),
            createdBy: null,
          },
          metadata: { now },
        },
        // Each start's own id: two starts that both decided to create the super-admin (each with its own password)
        // would otherwise append the same event ids, and the second would take the first's append for its own.
        { commandId: `seed:super-admin:${randomUUID()}` },
      ),
    'user_exists',
  );
  const initialized = await ignoreExisting(
    () =>
      handleCommand(
        store,
        PLATFORM_STREAM_ID,
        platformDecider,
        { type: 'InitializePlatform', data: { platformOrganizationId, superAdminUserId }, metadata: { now } },
        { commandId: 'seed:platform' },
      ),
    'platform_already_initialized',
  );
  // Whoever created the super-admin holds its password and announces it, whichever start initialised the platform:
  // two API processes starting together on an empty database race for each step (docs/deployment.md).
  if (!user?.append) {
    if (initialized?.append) {
      logger.warn(
        'Another first start created the super-admin (one running beside this one, or one interrupted earlier): it showed the password. If it never did, set ADMIN_PASSWORD and reset the password.',
      );
    }
    return { created: false };
  }
  if (initialized?.append) {
    logger.info({ organizationId: platformOrganizationId, userId: superAdminUserId }, 'platform initialised');
  }
  return {
    created: true,
    email: config.ADMIN_EMAIL,
    position: initialized?.append?.position ?? user.append.position,
    ...(generatedPassword ? { generatedPassword } : {}),
  };
};

/**
 * The generated password goes to the terminal once, never to the structured log: logs are
 * shipped and kept, a terminal is read by the person starting the server.
 */
export const announceSeed = (
  result: SeedResult,
  write: (text: string) => void = (text) => process.stdout.write(text),
) => {
  if (!result.created) return;
  const lines = [
    '',
    '  First start: the platform organization and its super-admin were created.',
    `    email:    ${result.email}`,
    result.generatedPassword
      ? `    password: ${result.generatedPassword}   (shown only this once; store it now)`
      : '    password: the value of ADMIN_PASSWORD',
    '',
  ];
  write(`${lines.join('\n')}\n`);
};
