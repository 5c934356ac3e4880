import type { PlatformSetupChecklist, PlatformSetupStep } from '@ai-coaching/contracts';
import {
  findPlatformOrganization,
  hasConnectedAiProvider,
  hasCustomerOrganization,
  hasIssuedCreditsOutside,
  hasOperatorOutside,
  hasPlayedSession,
} from '@ai-coaching/projections';
import type { AppServices, Origin } from '../app-services.js';
import { signedInUser } from '../tenancy/scope.js';

/**
 * The super-admin's first minutes on a new platform (issue 23 item 4): each step is done when the platform's data
 * shows it, whoever did it, so the checklist never asks for what is already there. Trying the built-in provider
 * counts as connecting one: a newcomer may go on offline. The route lets super-admins only call it.
 */
export const readPlatformSetupChecklist = async (
  services: AppServices,
  origin: Origin,
): Promise<PlatformSetupChecklist> => {
  const caller = signedInUser(origin.caller);
  const platform = (await findPlatformOrganization(services.db))?.organizationId ?? '';
  const [organization, credits, operator, provider, anySession, ownSession] = await Promise.all([
    hasCustomerOrganization(services.db),
    hasIssuedCreditsOutside(services.db, platform),
    hasOperatorOutside(services.db, platform),
    hasConnectedAiProvider(services.db),
    hasPlayedSession(services.db),
    hasPlayedSession(services.db, caller.userId),
  ]);
  const done: Record<PlatformSetupStep, boolean> = {
    create_organization: organization,
    issue_credits: credits,
    invite_operator: operator,
    connect_ai: provider || anySession,
    play_starter: ownSession,
  };
  const steps = (Object.keys(done) as PlatformSetupStep[]).map((key) => ({ key, done: done[key] }));
  return { steps, complete: steps.every((step) => step.done) };
};
