import {
  coachingItemDecider,
  coachingItemStreamId,
  ConflictError,
  type CoachingFields,
  type CoachingKind,
} from '@ai-coaching/domain';
import { COACHING_DEFAULTS } from '@ai-coaching/contracts';
import { deterministicId, handleCommand, type GlobalPosition } from '@ai-coaching/platform';
import { coachingContentProjection } from '@ai-coaching/projections';
import { nowIso, type AppServices } from '../../app-services.js';
import { BUILTIN_AI_MODEL_ID } from '../../ai/builtin-provider.js';
import {
  STARTER_LANGUAGES,
  STARTER_TEXTS,
  type StarterLanguage,
  type StarterMissionKey,
  type StarterObserverKey,
  type StarterPersonaKey,
  type StarterScenarioKey,
} from './starter-library-content.js';

export { STARTER_LANGUAGES, type StarterLanguage } from './starter-library-content.js';

/** A platform-library item of the starter library, as it is first created. */
export type StarterLibraryItem = {
  kind: CoachingKind;
  key: string;
  language: StarterLanguage;
  itemId: string;
  fields: CoachingFields;
};

// Fixed ids, like the built-in provider's: every start and every runtime racing another names the same items, so
// there is one library whatever happens, and a scenario can point at its persona before either is read back.
export const starterLibraryItemId = (kind: CoachingKind, key: string, language: StarterLanguage): string =>
  deterministicId('seed', 'coaching-starter', kind, key, language);

/** What each scenario plays; the same in every language, only the words differ. */
const SCENARIOS: Record<
  StarterScenarioKey,
  { persona: StarterPersonaKey; mission: StarterMissionKey; observers: StarterObserverKey[] }
> = {
  price: { persona: 'buyer', mission: 'price', observers: ['negotiation', 'conversation'] },
  complaint: { persona: 'customer', mission: 'complaint', observers: ['conversation'] },
  feedback: { persona: 'team-member', mission: 'feedback', observers: ['conversation'] },
  discovery: { persona: 'prospect', mission: 'discovery', observers: ['negotiation', 'conversation'] },
  interview: { persona: 'candidate', mission: 'interview', observers: ['conversation'] },
  service: { persona: 'subscriber', mission: 'service', observers: ['conversation'] },
};
const PLAYLIST_KEY = 'first-steps';
const PLAYLIST_SCENARIOS: StarterScenarioKey[] = [
  'price',
  'complaint',
  'feedback',
  'discovery',
  'interview',
  'service',
];

// Text scenarios on the built-in model: a newcomer plays at once, with no key, no network and no voice.
const SCENARIO_TIME_LIMIT_SECONDS = 600;

const keysOf = <Key extends string>(record: Record<Key, unknown>) => Object.keys(record) as Key[];

/**
 * The starter library's observers are one observer written in each language, their rubrics criterion for criterion:
 * each one's id, with the id of its first language's, under which the dashboard counts them as one
 * (docs/coaching-sessions.md, "Dashboard").
 */
export const starterObserverTranslations = (): Record<string, string> => {
  const [first, ...others] = STARTER_LANGUAGES;
  return Object.fromEntries(
    keysOf(STARTER_TEXTS[first].observers).flatMap((key) =>
      [first, ...others].map((language) => [
        starterLibraryItemId('observer', key, language),
        starterLibraryItemId('observer', key, first),
      ]),
    ),
  );
};

/** Every item of the starter library in both languages, what is referred to before what refers to it. */
export const starterLibraryItems = (): StarterLibraryItem[] =>
  STARTER_LANGUAGES.flatMap((language) => {
    const texts = STARTER_TEXTS[language];
    const id = (kind: CoachingKind, key: string) => starterLibraryItemId(kind, key, language);
    const item = (kind: CoachingKind, key: string, fields: CoachingFields): StarterLibraryItem => ({
      kind,
      key,
      language,
      itemId: id(kind, key),
      fields,
    });
    return [
      ...keysOf(texts.personas).map((key) =>
        item('persona', key, { ...texts.personas[key], language, avatar_image_id: null, voice_id: null }),
      ),
      ...keysOf(texts.missions).map((key) => item('mission', key, { ...texts.missions[key], image_id: null })),
      ...keysOf(texts.observers).map((key) =>
        item('observer', key, { ...texts.observers[key], avatar_image_id: null, model_id: BUILTIN_AI_MODEL_ID }),
      ),
      ...keysOf(SCENARIOS).map((key) => {
        const plays = SCENARIOS[key];
        return item('scenario', key, {
          ...texts.scenarios[key],
          image_id: null,
          persona_id: id('persona', plays.persona),
          mission_id: id('mission', plays.mission),
          observer_ids: plays.observers.map((observer) => id('observer', observer)),
          mode: 'text',
          language,
          model_id: BUILTIN_AI_MODEL_ID,
          voice_id: null,
          time_limit_seconds: SCENARIO_TIME_LIMIT_SECONDS,
          voice_settings: COACHING_DEFAULTS.scenario.voice_settings,
        });
      }),
      item('playlist', PLAYLIST_KEY, {
        ...texts.playlist,
        image_id: null,
        scenario_ids: PLAYLIST_SCENARIOS.map((scenario) => id('scenario', scenario)),
      }),
    ];
  });

/** Another runtime starting at the same moment may have created it between our read and our append. */
const unlessCreated = async <T>(work: () => Promise<T>): Promise<T | undefined> => {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ConflictError && error.code === 'coaching_item_exists') return undefined;
    throw error;
  }
};

const later = (a: GlobalPosition | undefined, b: GlobalPosition | undefined) =>
  a === undefined ? b : b === undefined ? a : a > b ? a : b;

/** Creates and publishes one item unless its stream already holds more than its creation. */
const ensureItem = async (
  services: Pick<AppServices, 'store'>,
  item: StarterLibraryItem,
  now: string,
): Promise<GlobalPosition | undefined> => {
  const streamId = coachingItemStreamId(item.itemId);
  const seen = await services.store.readStream(streamId, { maxCount: 2 });
  // Published already, or changed since (edited, archived, deleted by a super-admin): it is theirs now, and a
  // start must never undo what they did. Only a stream that is missing, or stopped after its creation (a start
  // that died in between), is ours to finish.
  if (seen.length > 1) return undefined;
  const commandId = (step: string) => `seed:coaching-starter:${item.kind}:${item.key}:${item.language}:${step}`;
  let position: GlobalPosition | undefined;
  if (seen.length === 0) {
    const created = await unlessCreated(() =>
      handleCommand(
        services.store,
        streamId,
        coachingItemDecider,
        {
          type: 'CreateCoachingItem',
          data: {
            itemId: item.itemId,
            kind: item.kind,
            organizationId: null,
            fields: item.fields,
            userId: null,
          },
          metadata: { now },
        },
        { commandId: commandId('create') },
      ),
    );
    position = created?.append?.position;
  }
  // The same command id in every runtime: a racing publish appends the same event, which the store takes once,
  // and a publish after another's finds nothing left to decide.
  const published = await handleCommand(
    services.store,
    streamId,
    coachingItemDecider,
    { type: 'PublishCoachingItem', data: { itemId: item.itemId, userId: null }, metadata: { now } },
    { commandId: commandId('publish') },
  );
  return later(position, published.append?.position);
};

/**
 * Makes sure the starter library exists (issue 11 item 6): published platform content in en-GB and fr-FR that
 * organizations read and fork, with text scenarios on the built-in model so a newcomer plays at once. Run at
 * every start rather than only the first, so an installation older than it gets it too; it only creates what is
 * missing and never touches an item once it was published (docs/coaching-content.md, "Starter library"). Answers
 * the position of what it appended, if anything, for a runtime that wants to wait for the read model.
 */
export const ensureStarterLibrary = async (
  services: Pick<AppServices, 'store' | 'clock' | 'wakeProjections'>,
): Promise<GlobalPosition | undefined> => {
  const now = nowIso(services);
  let position: GlobalPosition | undefined;
  // One at a time: few reads on an installation that has it all, and what a scenario uses is written before it.
  for (const item of starterLibraryItems()) {
    position = later(position, await ensureItem(services, item, now));
  }
  if (position !== undefined) services.wakeProjections?.([coachingContentProjection.name]);
  return position;
};
