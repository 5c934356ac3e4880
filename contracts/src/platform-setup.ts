import { z } from 'zod';
import { defineOperations } from './http/operation.js';

/**
 * The super-admin's first minutes (docs/client.md, "Dashboard"): what a new platform needs before its first
 * customer practises, in order, each step done when the platform's data shows it.
 */
export const PLATFORM_SETUP_STEPS = [
  'create_organization',
  'issue_credits',
  'invite_operator',
  'connect_ai',
  'play_starter',
] as const;
export type PlatformSetupStep = (typeof PLATFORM_SETUP_STEPS)[number];

export const platformSetupChecklistSchema = z.strictObject({
  steps: z.array(z.strictObject({ key: z.enum(PLATFORM_SETUP_STEPS), done: z.boolean() })),
  /** Every step done: the dashboard no longer shows the checklist. */
  complete: z.boolean(),
});
export type PlatformSetupChecklist = z.infer<typeof platformSetupChecklistSchema>;

export const platformSetupOperations = defineOperations(
  { name: 'platformSetup', tag: 'Platform' },
  {
    checklist: {
      method: 'GET',
      path: '/v1/platform/setup_checklist',
      summary:
        'For super-admins: the steps of setting a new platform up (a customer organization, credits issued to it, its operator invited, an AI provider connected or the built-in one tried, a starter scenario played), each done or not.',
      responses: { 200: { description: 'The checklist, in order.', schema: platformSetupChecklistSchema } },
    },
  },
);
