import { useParams } from 'react-router';
import { CoachingCreate, CoachingEdit } from '../../../features/coaching/components/coaching-editor';
import { CoachingFork } from '../../../features/coaching/components/coaching-fork';
import { CoachingHome } from '../../../features/coaching/components/coaching-home';
import { CoachingList } from '../../../features/coaching/components/coaching-list';
import { LeaderboardPage } from '../../../features/coaching/components/leaderboard';
import type { CoachingKind, ForkableKind } from '../../../features/coaching/utils/coaching-kinds';

export type CoachingScreen =
  | { screen: 'home' }
  | { screen: 'leaderboard' }
  | { screen: 'list' | 'create' | 'edit'; kind: CoachingKind }
  | { screen: 'fork'; kind: ForkableKind };

/** Spec §2 "AI coaching": the app home (and, ours, its leaderboard), and each kind's list, create (or copy), edit and fork pages. */
export const CoachingRoute = (props: CoachingScreen) => {
  const { id = '', copyId } = useParams();
  switch (props.screen) {
    case 'home':
      return <CoachingHome />;
    case 'leaderboard':
      return <LeaderboardPage />;
    case 'list':
      return <CoachingList kind={props.kind} />;
    case 'create':
      return <CoachingCreate key={copyId ?? ''} kind={props.kind} copyId={copyId} />;
    case 'edit':
      return <CoachingEdit key={id} kind={props.kind} id={id} />;
    case 'fork':
      return <CoachingFork key={id} kind={props.kind} id={id} />;
  }
};
