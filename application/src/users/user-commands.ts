import { emailClaimDecider, userDecider, userEmailStreamId, userStreamId, type UserCommand } from '@ai-coaching/domain';
import { emailKey } from '@ai-coaching/platform';
import { nowIso, type AppServices, type Origin } from '../app-services.js';
import { runCommand, type CommandServices } from '../commands/run-command.js';

type RunOptions = Parameters<typeof runCommand>[3];

/** Runs a command on the user's own stream. */
export const runUserCommand = (services: CommandServices, origin: Origin, command: UserCommand, options?: RunOptions) =>
  runCommand(services, origin, { streamId: userStreamId(command.data.userId), decider: userDecider, command }, options);

/** Claims the address for this user: the claim is the uniqueness check (409 `email_taken`). */
export const claimEmail = (
  services: CommandServices,
  origin: Origin,
  claim: { email: string; userId: string; now: string },
  options?: RunOptions,
) =>
  runCommand(
    services,
    origin,
    {
      streamId: userEmailStreamId(emailKey(claim.email)),
      decider: emailClaimDecider,
      command: { type: 'ClaimEmail', data: { email: claim.email, userId: claim.userId }, metadata: { now: claim.now } },
    },
    options,
  );

/** Frees the address the user held, so it can be invited again. */
export const releaseEmail = (services: AppServices, origin: Origin, email: string, userId: string) =>
  runCommand(services, origin, {
    streamId: userEmailStreamId(emailKey(email)),
    decider: emailClaimDecider,
    command: { type: 'ReleaseEmail', data: { userId }, metadata: { now: nowIso(services) } },
  });
