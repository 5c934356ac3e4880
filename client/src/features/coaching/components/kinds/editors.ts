import type { CoachingKind } from '../../utils/coaching-kinds';
import type { KindEditor } from './kind-editor';
import { missionEditor } from './mission-editor';
import { observerEditor } from './observer-editor';
import { personaEditor } from './persona-editor';
import { playlistEditor } from './playlist-editor';
import { programEditor } from './program-editor';
import { scenarioEditor } from './scenario-editor';

export const EDITORS: Record<CoachingKind, KindEditor> = {
  persona: personaEditor,
  mission: missionEditor,
  observer: observerEditor,
  scenario: scenarioEditor,
  playlist: playlistEditor,
  program: programEditor,
};
