import type { GatewayRevocation } from '@ai-coaching/contracts';
import { useMachine } from '@xstate/react';
import { lazy, Suspense, useEffect, useEffectEvent, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { LoadError, Loading } from '../../../components/ui/query-state';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useSession } from '../../../lib/session/session-context';
import { httpSessionTransport } from '../api/sessions-api';
import {
  isLinkClosed,
  onSocketRevoked,
  openSessionSocket,
  socketSessionTransport,
  type SessionSocket,
} from '../api/socket-transport';
import { socketVoiceTransport } from '../api/voice-transport';
import { createPlaySessionMachine } from '../machines/play-session.machine';
import type { PlaySession } from '../machines/play-types';
import type { VoicePlayActorRef } from '../machines/voice-play.machine';
import type { VoiceDevices } from '../machines/voice-play.types';
import { playedFromPlaylist, resultPath } from '../utils/session-paths';
import { SessionStatus } from './session-status';
import { ScriptedPractice } from '../../../components/scripted-practice';
import { Transcript } from './transcript';
import { TurnForm } from './turn-form';
import { TextLink } from '../../../components/ui/text-link';

// One socket per play screen, opened while it is shown; turns go over HTTP whenever it is not connected.
let playSocket: SessionSocket | null = null;

// The voice screen and the browser's audio load only when a voice session is played (their own chunks).
const VoicePlay = lazy(() => import('./voice-play').then((module) => ({ default: module.VoicePlay })));
const voiceDevices = () => import('../utils/voice-devices').then((module) => module.browserVoiceDevices);
const lazyVoiceDevices: VoiceDevices = {
  openCapture: async (listeners) => (await voiceDevices()).openCapture(listeners),
  openPlayback: async (listeners) => (await voiceDevices()).openPlayback(listeners),
};

const machine = createPlaySessionMachine(
  socketSessionTransport(() => playSocket, httpSessionTransport),
  {
    transport: socketVoiceTransport(() => playSocket),
    devices: lazyVoiceDevices,
  },
);

const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

type Send = ReturnType<typeof useMachine<typeof machine>>[1];
type PlayContext = ReturnType<typeof useMachine<typeof machine>>[0]['context'];

/**
 * The clock's ticks, the play socket (opened while the screen is shown) and the browser's network, as the machine's
 * events; what the gateway's revocation of the socket's access was, if it came.
 */
const usePlayConnection = (send: Send) => {
  const { reloadProfile } = useSession();
  const [revoked, setRevoked] = useState<GatewayRevocation | null>(null);
  // The clock and the cost move every second; the machine ends the session when time is up.
  useEffect(() => {
    const timer = setInterval(() => send({ type: 'TICK', now: Date.now() }), 1000);
    return () => clearInterval(timer);
  }, [send]);
  // The socket stays open across profile loads: what a revocation does reads the session as it is then.
  const revokedBy = useEffectEvent((code: GatewayRevocation, socket: SessionSocket) => {
    setRevoked(code);
    if (isLinkClosed(code)) return;
    // Reloading the profile finds a session over (the app asks to sign in again) or the new role's permissions.
    reloadProfile();
    // A new role plays on, over a socket opened for it.
    if (code === 'role_changed') socket.connect();
  });
  useEffect(() => {
    const socket = openSessionSocket();
    playSocket = socket;
    // A socket back after a drop: the machine need not wait for its next retry.
    const restored = () => send({ type: 'CONNECTION.RESTORED' });
    socket.on('connect', restored);
    const stopWatching = onSocketRevoked(socket, (code) => revokedBy(code, socket));
    return () => {
      stopWatching();
      socket.off('connect', restored);
      socket.disconnect();
      if (playSocket === socket) playSocket = null;
    };
  }, [send]);
  // The browser says when the network goes and comes back: the machine reloads the session and resends what is due.
  useEffect(() => {
    const lost = () => send({ type: 'CONNECTION.LOST' });
    const restored = () => send({ type: 'CONNECTION.RESTORED' });
    window.addEventListener('offline', lost);
    window.addEventListener('online', restored);
    return () => {
      window.removeEventListener('offline', lost);
      window.removeEventListener('online', restored);
    };
  }, [send]);
  return revoked;
};

/** The session's name and mission goal, its status, the time left and the cost so far. */
const PlayHeader = ({ session, context }: { session: PlaySession; context: PlayContext }) => {
  const { t } = useTranslation('coachingSessions');
  return (
    <>
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-xl font-semibold break-words">{session.name}</h1>
          {session.mission_goal ? (
            <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">
              <strong>{t('labelled', { ns: 'common', label: t('play.goal') })}</strong> {session.mission_goal}
            </p>
          ) : null}
        </div>
        <SessionStatus status={context.status ?? session.status} />
      </header>
      {session.scripted ? <ScriptedPractice role={session.mode} /> : null}
      <dl className="grid grid-cols-2 gap-3 text-sm sm:flex sm:gap-6">
        <div>
          <dt className="text-gray-700 dark:text-gray-300">{t('play.timeLeft')}</dt>
          <dd className="text-lg font-semibold tabular-nums" data-testid="time-left">
            {clock(context.secondsLeft ?? 0)}
          </dd>
        </div>
        <div>
          <dt className="text-gray-700 dark:text-gray-300">{t('play.cost')}</dt>
          <dd className="text-lg font-semibold tabular-nums" data-testid="cost-so-far">
            {t('info.credits', { count: context.costSoFar })}
          </dd>
        </div>
      </dl>
    </>
  );
};

/** A turn the persona did not answer: sent again under its id, or its words back in the box. */
const TurnFailure = ({ context, send }: { context: PlayContext; send: Send }) => {
  const { t } = useTranslation('coachingSessions');
  return (
    <Alert tone="error">
      <p>{context.error?.message ?? t('play.failed')}</p>
      <div className="mt-2 flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => send({ type: 'RETRY' })}>
          {t('play.retry')}
        </Button>
        {context.pendingTurn && !context.pendingTurn.recorded ? (
          <Button variant="ghost" onClick={() => send({ type: 'DISCARD' })}>
            {t('play.discard')}
          </Button>
        ) : null}
      </div>
    </Alert>
  );
};

/** End and Abort, each behind its confirmation. */
const StopButtons = ({ onStop }: { onStop: (stop: 'END' | 'ABORT') => void }) => {
  const { t } = useTranslation('coachingSessions');
  return (
    <>
      <Button variant="secondary" onClick={() => onStop('END')}>
        {t('play.end')}
      </Button>
      <Button variant="danger" onClick={() => onStop('ABORT')}>
        {t('play.abort')}
      </Button>
    </>
  );
};

/** The confirmation of End or Abort, whichever the learner asked for. */
const StopDialog = ({
  confirm,
  onClose,
  send,
}: {
  confirm: 'END' | 'ABORT' | null;
  onClose: () => void;
  send: Send;
}) => {
  const { t } = useTranslation('coachingSessions');
  return (
    <ConfirmDialog
      open={confirm !== null}
      title={confirm === 'ABORT' ? t('play.abortTitle') : t('play.endTitle')}
      confirmLabel={confirm === 'ABORT' ? t('play.abort') : t('play.end')}
      tone="danger"
      busy={false}
      onCancel={onClose}
      onConfirm={() => {
        if (confirm) send({ type: confirm });
        onClose();
      }}
    >
      {confirm === 'ABORT' ? t('play.abortBody') : t('play.endBody')}
    </ConfirmDialog>
  );
};

/**
 * `session/play-{sessionID}`: the chat, the clock and the cost, the mission's goal, End and Abort; a voice-mode
 * session shows the voice screen (voice-play.tsx) in place of the chat. When the gateway ends the socket's access
 * (a logout elsewhere, a disabled account, a new role, a guest's link withdrawn or expired), the page says why: a user
 * is asked to sign in again (the app's session-ended dialog), a guest is offered `guestExit`.
 */
export const SessionPlay = ({ sessionId, guestExit }: { sessionId: string; guestExit?: ReactNode }) => {
  const { t } = useTranslation('coachingSessions');
  const [state, send] = useMachine(machine, { input: { sessionId } });
  const [confirm, setConfirm] = useState<'END' | 'ABORT' | null>(null);
  const playlistId = playedFromPlaylist(useSearchParams()[0]);
  const { context } = state;
  useDocumentTitle(context.session?.name ?? t('play.connecting'));
  const revoked = usePlayConnection(send);

  if (state.matches('unavailable')) return <LoadError error={context.error} />;
  if (context.session === null) return <Loading label={t('play.connecting')} />;
  const session = context.session;
  const ended = state.matches('ended');
  const answering = state.matches('answering');
  const ready = state.matches('ready');
  const guestOver = revoked !== null && isLinkClosed(revoked);
  const voice =
    state.matches('voice') && !guestOver ? (state.children['voice'] as VoicePlayActorRef | undefined) : undefined;

  return (
    <div className="flex flex-col gap-4">
      <PlayHeader session={session} context={context} />
      {revoked ? (
        <Alert tone={revoked === 'role_changed' ? 'info' : 'error'}>{t(`play.revoked.${revoked}`)}</Alert>
      ) : state.matches('reconnecting') || state.matches({ connecting: 'waiting' }) ? (
        <Alert>{t('play.reconnecting')}</Alert>
      ) : null}
      {voice ? (
        <Suspense fallback={<Loading label={t('voice.connecting')} />}>
          <VoicePlay
            voice={voice}
            sessionId={session.id}
            language={session.language}
            personaName={session.persona_name ?? t('result.persona')}
            voiceSettings={session.voice_settings ?? null}
          />
        </Suspense>
      ) : (
        <Card>
          <Transcript
            turns={context.turns.map((turn) => ({ ...turn, pending: context.pendingTurn?.id === turn.id }))}
            personaName={session.persona_name ?? t('result.persona')}
            language={session.language}
            answering={answering}
            streaming={context.streaming}
          />
        </Card>
      )}
      {state.matches('failed') ? <TurnFailure context={context} send={send} /> : null}
      {guestOver ? (
        guestExit
      ) : ended ? (
        <Card>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm">{t('play.ended')}</p>
            <TextLink to={resultPath(session.id, playlistId)}>{t('play.seeResult')}</TextLink>
          </div>
        </Card>
      ) : voice ? (
        <div className="flex flex-wrap gap-2">
          <StopButtons onStop={setConfirm} />
        </div>
      ) : (
        <TurnForm
          id="session-message"
          label={t('play.message')}
          hint={t('play.sendHint')}
          rows={3}
          value={context.draft}
          onType={(text) => send({ type: 'TYPE', text })}
          onSend={() => send({ type: 'SEND' })}
          focused={ready}
        >
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={!ready || context.draft.trim() === ''} loading={answering}>
              {t('play.send')}
            </Button>
            <StopButtons onStop={setConfirm} />
          </div>
        </TurnForm>
      )}
      <StopDialog confirm={confirm} onClose={() => setConfirm(null)} send={send} />
    </div>
  );
};
