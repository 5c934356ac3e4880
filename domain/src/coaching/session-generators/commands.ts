import type { Command } from '../../shared/command.js';
import type { SessionGeneratorBrief } from './events.js';

export type CreateSessionGenerator = Command<
  'CreateSessionGenerator',
  SessionGeneratorBrief & { generatorId: string; organizationId: string; createdBy: string | null }
>;

export type UpdateSessionGenerator = Command<'UpdateSessionGenerator', SessionGeneratorBrief & { generatorId: string }>;

export type DeleteSessionGenerator = Command<'DeleteSessionGenerator', { generatorId: string }>;

export type SessionGeneratorCommand = CreateSessionGenerator | UpdateSessionGenerator | DeleteSessionGenerator;
