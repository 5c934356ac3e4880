import {
  personaGreeting,
  sentencesOf,
  toDial,
  type CoachingFields,
  type KnowledgeItem,
  type ExistingCoachingSession,
  type RoleplayBrief,
  type SessionLanguage,
} from '@ai-coaching/domain';
import { listCoachingSessionTurns, type CoachingSessionView } from '@ai-coaching/projections';
import type { AppServices } from '../../app-services.js';
import { missionOf, personaOf, type MissionFields, type PersonaFields } from '../content/content-fields.js';
import { playedFieldsOf } from './played-content.js';

// What the persona is told to be: a real model's system prompt, the built-in provider's brief, a speech-to-speech
// provider's instructions, and the greeting that opens every session.

/** A learner who never reaches a turn limit still plays under one: the built-in provider's brief needs a number. */
const NO_TURN_LIMIT = 10_000;

/** The line the persona opens with, as its editor previews it (persona-greeting.ts): no provider asked. */
export const greetingOf = (fields: CoachingFields): string => {
  const persona = personaOf(fields);
  return personaGreeting({
    name: persona.name,
    job_title: persona.job_title,
    company: persona.company,
    mood: persona.mood,
    language: persona.language,
  });
};

const roleOf = (persona: PersonaFields) =>
  [persona.job_title, persona.company].filter((part) => part.trim().length > 0).join(', ');

/**
 * What a real model reads: who it plays, what the learner must achieve, and how to close the role-play with the
 * markers the decider reads. The built-in provider reads the brief instead.
 */
export const systemPrompt = (
  persona: PersonaFields,
  mission: MissionFields | null,
  language: SessionLanguage,
): string => {
  const role = roleOf(persona);
  const lines = [
    `You are ${persona.name}${role ? `, ${role}` : ''}, in a role-play with a learner. Stay in character and answer in ${language}.`,
    `Personality: ${persona.personality}`,
    `Background: ${persona.background}`,
    `Mood: ${persona.mood}. Difficulty (1 easy to 5 hard): ${persona.difficulty}.`,
    `Speaking style: ${persona.speaking_style}`,
    `Instructions: ${persona.instructions}`,
  ];
  if (mission) {
    lines.push(
      `The learner's goal: ${mission.goal}`,
      `The learner succeeds when they: ${mission.success_criteria.join('; ')}. Then end your reply with [[WIN]].`,
      `The learner fails when they: ${mission.failure_conditions.join('; ')}. Then end your reply with [[LOSE]].`,
    );
  }
  lines.push('When the conversation has come to a natural close, end your reply with [[END]].');
  return lines.filter((line) => !/: $/.test(line)).join('\n');
};

/**
 * A persona saved before it had knowledge items (issue 25) still has something to tell: each sentence of its
 * background becomes one, told on an open question about its words (the first on any question).
 */
const knowledgeFromBackground = (background: string): KnowledgeItem[] =>
  sentencesOf(background)
    .slice(0, 8)
    .map((sentence, index) => ({
      topic: sentence,
      keywords: [],
      says: sentence,
      gate: index === 0 ? 'any' : 'open_question',
    }));

/** What the built-in practice engine plays from: the persona's and the mission's structured fields. */
export const practiceBriefOf = (
  persona: PersonaFields,
  mission: MissionFields | null,
  options: { language: SessionLanguage; greeting?: string; turnLimit?: number | null },
): RoleplayBrief => {
  const role = roleOf(persona);
  return {
    language: options.language,
    persona: {
      name: persona.name,
      ...(role ? { role } : {}),
      ...(options.greeting ? { greeting: options.greeting } : {}),
      knowledge:
        persona.knowledge.length > 0
          ? persona.knowledge.map((item) => ({
              topic: item.topic,
              keywords: item.keywords,
              says: item.says,
              gate: item.gate,
            }))
          : knowledgeFromBackground(persona.background),
      motivations: persona.motivations,
      patience: toDial(persona.patience),
      openness: toDial(persona.openness),
      mood: persona.mood,
    },
    mission: mission
      ? {
          objections: mission.objections.map((objection) => ({
            text: objection.text,
            resolvedBy: objection.resolved_by,
          })),
          success: mission.success_behaviours,
          failure: mission.failure_behaviours,
          difficulty: toDial(mission.difficulty ?? persona.difficulty),
        }
      : // Free speech: nothing to win, only rudeness ends it.
        { objections: [], success: [], failure: ['rudeness'], difficulty: toDial(persona.difficulty) },
    turnLimit: options.turnLimit ?? NO_TURN_LIMIT,
  };
};

/** What the built-in provider reads instead of the prompt. */
export const briefOf = (
  session: ExistingCoachingSession,
  persona: PersonaFields,
  mission: MissionFields | null,
): RoleplayBrief => {
  const greeting = session.turns.find((turn) => turn.role === 'persona' && turn.replyTo === null)?.text;
  return practiceBriefOf(persona, mission, {
    language: session.content.language,
    ...(greeting ? { greeting } : {}),
    turnLimit: session.turnLimit,
  });
};

/** The persona and mission a session plays, as their frozen versions hold them. */
export const playedPersonaOf = async (
  services: Pick<AppServices, 'db'>,
  session: Pick<CoachingSessionView, 'content'>,
): Promise<{ persona: PersonaFields; mission: MissionFields | null }> => {
  const [persona, mission] = await Promise.all([
    playedFieldsOf(services, session.content.persona),
    session.content.mission ? playedFieldsOf(services, session.content.mission) : Promise.resolve(null),
  ]);
  return { persona: personaOf(persona), mission: mission && missionOf(mission) };
};

/**
 * What a speech-to-speech provider is told to be (docs/voice.md, "Realtime voice"): the persona's prompt, then the
 * conversation so far, so a conversation reopened (another gateway node, a provider that dropped) goes on where it was.
 */
export const personaInstructions = async (
  services: AppServices,
  session: Pick<CoachingSessionView, 'sessionId' | 'content'>,
): Promise<string> => {
  const [{ persona, mission }, turns] = await Promise.all([
    playedPersonaOf(services, session),
    listCoachingSessionTurns(services.db, session.sessionId),
  ]);
  const prompt = systemPrompt(persona, mission, session.content.language);
  if (turns.length === 0) return prompt;
  const history = turns.map((turn) => `${turn.role === 'persona' ? 'You' : 'Learner'}: ${turn.text}`).join('\n');
  return `${prompt}\nThe conversation so far:\n${history}`;
};
