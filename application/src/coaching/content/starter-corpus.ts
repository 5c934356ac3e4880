import { CARE_CORPUS } from './starter-corpus-care.js';
import { SELLING_CORPUS } from './starter-corpus-selling.js';

// The starter library's corpus (issue 25): what learners might type in each starter scenario, in each language:
// strong, middling and weak conversations, two of each taking different paths in different words, written as a
// learner who never read the engine's rules would write them. starter-corpus.unit.spec.ts plays them against the
// built-in practice engine and judges them with the scenario's observers. The French conversations say what the
// English ones say, as a French speaker would say it, so both play out the same way.

export {
  CORPUS_LEVELS,
  type CorpusConversation,
  type CorpusLevel,
  type StarterCorpus,
} from './starter-corpus-types.js';
import type { StarterCorpus } from './starter-corpus-types.js';

export const STARTER_CORPUS: StarterCorpus = { ...SELLING_CORPUS, ...CARE_CORPUS };
