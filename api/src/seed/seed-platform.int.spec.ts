import { setTimeout as delay } from 'node:timers/promises';
import { PLATFORM_STREAM_ID, userStreamId } from '@ai-coaching/domain';
import {
  createPgliteDatabase,
  createSqlEventStore,
  eventStoreMigrations,
  migrate,
  verifyPassword,
  type Config,
  type EventStore,
  type Logger,
} from '@ai-coaching/platform';
import { describe, expect, it } from 'vitest';
import { seedPlatform, superAdminUserId } from './seed-platform.js';

// Two API processes started together on an empty database (a scaled deployment's first start) race through the
// seed's steps: the one whose super-admin was stored must be the one that shows its generated password.

const quietLogger = () => {
  const warnings: string[] = [];
  const logger = {
    info: () => undefined,
    warn: (...args: unknown[]) => void warnings.push(String(args.at(-1))),
    error: () => undefined,
    debug: () => undefined,
    child: () => logger,
  } as unknown as Logger;
  return { logger, warnings };
};

describe('[PLATFORM]: the first start’s seed', () => {
  it('shows the generated password once, from the start whose super-admin was stored, even when the other start initialises the platform', async () => {
    const db = await createPgliteDatabase();
    try {
      await migrate(db, eventStoreMigrations);
      const store = createSqlEventStore(db);
      const config = { ADMIN_EMAIL: 'admin@example.com' } as Config;
      // The interleaving that lost the password: the first start stores the super-admin, the second finds it and
      // initialises the platform before the first gets there.
      const slowed = (streamId: string, ms: number): EventStore => ({
        ...store,
        appendToStream: async (...args) => {
          if (args[0] === streamId) await delay(ms);
          return store.appendToStream(...args);
        },
      });
      const [first, second] = await Promise.all([
        seedPlatform({ store: slowed(PLATFORM_STREAM_ID, 800), config, logger: quietLogger().logger }),
        seedPlatform({ store: slowed(userStreamId(superAdminUserId), 300), config, logger: quietLogger().logger }),
      ]);
      expect(first.created).toBe(true);
      const announced = [first, second].filter((result) => result.created);
      expect(announced).toHaveLength(1);
      const [winner] = announced;
      if (!winner?.created || !winner.generatedPassword) throw new Error('no password was shown');
      const [created] = await store.readStream(userStreamId(superAdminUserId), { maxCount: 1 });
      const { passwordHash } = created!.data as { passwordHash: string };
      expect(await verifyPassword(passwordHash, winner.generatedPassword)).toBe(true);

      // A later start finds the platform and shows nothing.
      expect(await seedPlatform({ store, config, logger: quietLogger().logger })).toEqual({ created: false });
    } finally {
      await db.close();
    }
  });

  it('shows one password when both starts decided to create the super-admin before either stored it', async () => {
    const db = await createPgliteDatabase();
    try {
      await migrate(db, eventStoreMigrations);
      const store = createSqlEventStore(db);
      const config = { ADMIN_EMAIL: 'admin@example.com' } as Config;
      // Both read an empty user stream and decide, each with its own password; their appends then come one after
      // the other.
      const slowed: EventStore = {
        ...store,
        appendToStream: async (...args) => {
          if (args[0] === userStreamId(superAdminUserId)) await delay(300);
          return store.appendToStream(...args);
        },
      };
      const results = await Promise.all([
        seedPlatform({ store: slowed, config, logger: quietLogger().logger }),
        seedPlatform({ store: slowed, config, logger: quietLogger().logger }),
      ]);
      const announced = results.filter((result) => result.created);
      expect(announced).toHaveLength(1);
      const [winner] = announced;
      if (!winner?.created || !winner.generatedPassword) throw new Error('no password was shown');
      const users = await store.readStream(userStreamId(superAdminUserId));
      expect(users.filter((event) => event.type === 'UserCreated')).toHaveLength(1);
      const { passwordHash } = users[0]!.data as { passwordHash: string };
      expect(await verifyPassword(passwordHash, winner.generatedPassword)).toBe(true);
    } finally {
      await db.close();
    }
  });
});
