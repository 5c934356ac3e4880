import { complaint, customerService, discoveryCall } from './scenario-families-care.js';
import { constructiveFeedback, difficultConversation, jobInterview } from './scenario-families-people.js';
import { coldCall, negotiation, priceObjection } from './scenario-families-selling.js';
import type { ScenarioFamily } from './scenario-family-kit.js';

export type { FamilyId, FamilyText, Role, ScenarioFamily } from './scenario-family-kit.js';

// The session generator's template families (scenario-draft.ts), one per skill: scenario-family-kit.ts says how
// they are written.

export const SCENARIO_FAMILIES: readonly ScenarioFamily[] = [
  priceObjection,
  complaint,
  coldCall,
  jobInterview,
  negotiation,
  constructiveFeedback,
  difficultConversation,
  customerService,
  discoveryCall,
];
