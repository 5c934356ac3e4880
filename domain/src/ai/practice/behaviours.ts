// The behaviours the built-in observer judges a criterion by (judge.ts), in the order a criterion's words are
// checked against them: the narrowest first, so that "Clear close" is about closing, not clarity.

export const BEHAVIOURS = [
  'closing',
  'negotiation',
  'objections',
  'value',
  'discovery',
  'empathy',
  'professionalism',
  'clarity',
] as const;
export type Behaviour = (typeof BEHAVIOURS)[number];
