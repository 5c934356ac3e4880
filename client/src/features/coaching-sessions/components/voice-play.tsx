import type { CoachingSessionAnswer } from '@ai-coaching/contracts';
import { useSelector } from '@xstate/react';
import type { SessionLanguage } from '@ai-coaching/domain';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Loading } from '../../../components/ui/query-state';
import { useCan } from '../../../lib/session/session-context';
import type { SessionVoiceSettings } from '../api/voice-settings-api';
import type { VoicePlayActorRef } from '../machines/voice-play.machine';
import { playedMsOf } from '../machines/voice-responses';
import { Transcript } from './transcript';
import { TurnForm } from './turn-form';
import { VoiceSettings } from './voice-settings';

export type VoicePlayProps = {
  voice: VoicePlayActorRef;
  sessionId: string;
  language: SessionLanguage;
  personaName: string;
  /** The session's voice settings, changed for this session by its player (voice-settings.tsx). */
  voiceSettings: SessionVoiceSettings | null;
};

type Snapshot = ReturnType<VoicePlayActorRef['getSnapshot']>;

const speakerOf = (snapshot: Snapshot) => {
  if (snapshot.matches({ active: { session: 'closing' } })) return 'closing';
  if (snapshot.matches({ active: { session: { live: 'learnerSpeaking' } } })) return 'learnerSpeaking';
  if (snapshot.matches({ active: { session: { live: 'personaSpeaking' } } })) return 'personaSpeaking';
  return 'listening';
};

/** The level and the frames' count move 10 and 50 times a second: the meter reads the one, nothing shows the other. */
const isSameScreen = (a: Snapshot, b: Snapshot) =>
  a.value === b.value &&
  (Object.keys(a.context) as (keyof Snapshot['context'])[]).every(
    (key) => key === 'level' || key === 'audioSeq' || a.context[key] === b.context[key],
  );

/** Speech sits around 0.05–0.3 RMS: scaled so that talking fills most of the bar (as the microphone check). */
const percentOf = (level: number) => Math.min(100, Math.round(Math.sqrt(level) * 180));

/** Space held anywhere but in a field or on another control talks, as the push-to-talk button does. */
const isTalkKeyTarget = (target: EventTarget | null) => {
  if (!(target instanceof HTMLElement)) return true;
  if (target.dataset['pushToTalk'] === 'true') return true;
  return !target.closest('input, textarea, select, button, a, [contenteditable="true"], [role="radio"]');
};

const LevelMeter = ({ voice, label }: { voice: VoicePlayActorRef; label: string }) => {
  const percent = useSelector(voice, (snapshot) => percentOf(snapshot.context.level));
  const muted = useSelector(voice, (snapshot) =>
    snapshot.matches({ active: { microphone: { on: { open: 'muted' } } } }),
  );
  return (
    <div
      role="meter"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={muted ? 0 : percent}
      data-testid="voice-level"
      className="h-3 min-w-24 flex-1 overflow-hidden rounded-full bg-gray-200 dark:bg-gray-700"
    >
      <div
        className="h-full bg-green-600 transition-[width] dark:bg-green-400"
        style={{ width: `${muted ? 0 : percent}%` }}
      />
    </div>
  );
};

/** The organization keeps both sides' audio (issue 14 item 7): the learner knows while speaking, not afterwards. */
const RecordedBadge = () => {
  const { t } = useTranslation('coachingSessions');
  return (
    <>
      <p
        data-testid="voice-recorded"
        aria-describedby="voice-recorded-description"
        className="inline-flex items-center gap-1.5 rounded-full border border-realtime-300 px-2.5 py-0.5 text-xs font-medium text-realtime-800 dark:border-realtime-700 dark:text-realtime-200"
      >
        <span aria-hidden="true" className="size-2 rounded-full bg-realtime-600 dark:bg-realtime-400" />
        {t('voice.recorded')}
      </p>
      <p id="voice-recorded-description" className="sr-only">
        {t('voice.recordedDescription')}
      </p>
    </>
  );
};

type ScreenProps = { voice: VoicePlayActorRef; snapshot: Snapshot };

/** Push-to-talk by the button or the Space bar held anywhere but in a field or on another control. */
const usePushToTalk = (voice: VoicePlayActorRef, canTalk: boolean) => {
  const talkingRef = useRef(false);
  const talkStart = () => {
    if (talkingRef.current) return;
    talkingRef.current = true;
    voice.send({ type: 'user.talkStart' });
  };
  const talkEnd = () => {
    if (!talkingRef.current) return;
    talkingRef.current = false;
    voice.send({ type: 'user.talkEnd' });
  };

  useEffect(() => {
    if (!canTalk) return;
    const down = (event: globalThis.KeyboardEvent) => {
      if (event.code !== 'Space' || event.repeat || !isTalkKeyTarget(event.target)) return;
      event.preventDefault();
      talkStart();
    };
    const up = (event: globalThis.KeyboardEvent) => {
      if (event.code !== 'Space') return;
      talkEnd();
    };
    // A hold interrupted by leaving the tab ends the turn rather than leaving the microphone sending.
    const blur = () => talkEnd();
    window.addEventListener('keydown', down);
    window.addEventListener('keyup', up);
    window.addEventListener('blur', blur);
    return () => {
      window.removeEventListener('keydown', down);
      window.removeEventListener('keyup', up);
      window.removeEventListener('blur', blur);
    };
    // talkStart/talkEnd only read a ref and the actor.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [canTalk, voice]);

  return { talkStart, talkEnd };
};

/** The sound a browser held back (autoplay) comes on with the user's first gesture on the page. */
const useSoundOnFirstGesture = (voice: VoicePlayActorRef, soundBlocked: boolean) =>
  useEffect(() => {
    if (!soundBlocked) return;
    const enable = () => voice.send({ type: 'user.enableSound' });
    window.addEventListener('pointerdown', enable);
    window.addEventListener('keydown', enable);
    return () => {
      window.removeEventListener('pointerdown', enable);
      window.removeEventListener('keydown', enable);
    };
  }, [soundBlocked, voice]);

/** The voice's state when it is not what the learner expects: reconnecting, failed, no microphone, no sound yet. */
const VoiceAlerts = ({ voice, snapshot }: ScreenProps) => {
  const { t } = useTranslation('coachingSessions');
  const { context } = snapshot;
  return (
    <>
      {snapshot.matches({ active: { session: 'reconnecting' } }) ||
      snapshot.matches({ active: { session: { connecting: 'waiting' } } }) ? (
        <Alert>{t('voice.reconnecting')}</Alert>
      ) : null}
      {snapshot.matches({ active: { session: 'failed' } }) ? (
        <Alert tone="error">{context.error?.message ?? t('voice.failed')}</Alert>
      ) : context.error && !snapshot.matches({ active: { typing: 'failed' } }) && context.error.status !== 0 ? (
        <Alert tone="error">{context.error.message ?? t('voice.failed')}</Alert>
      ) : null}
      {context.microphoneError ? (
        <Alert tone="error">
          <p>{t(`mic.errors.${context.microphoneError}`)}</p>
          <Button variant="secondary" className="mt-2" onClick={() => voice.send({ type: 'user.retryMicrophone' })}>
            {t('voice.retryMicrophone')}
          </Button>
        </Alert>
      ) : null}
      {context.soundBlocked ? (
        <Alert>
          <p>{t('voice.soundBlocked')}</p>
          <Button variant="secondary" className="mt-2" onClick={() => voice.send({ type: 'user.enableSound' })}>
            {t('voice.enableSound')}
          </Button>
        </Alert>
      ) : null}
    </>
  );
};

/** Hands-free or push-to-talk, for this page, when the session's voice can do both and its settings are not the learner's. */
const InputModeChoice = ({ voice, snapshot }: ScreenProps) => {
  const { t } = useTranslation('coachingSessions');
  return (
    <fieldset className="flex flex-wrap items-center gap-3 text-sm">
      <legend className="sr-only">{t('voice.mode')}</legend>
      {(['voice_activity', 'push_to_talk'] as const).map((mode) => (
        <label key={mode} className="flex items-center gap-2">
          <input
            type="radio"
            name="voice-input-mode"
            value={mode}
            checked={snapshot.context.inputMode === mode}
            onChange={() => voice.send({ type: 'user.inputMode', mode })}
          />
          {mode === 'voice_activity' ? t('voice.handsFree') : t('voice.pushToTalk')}
        </label>
      ))}
    </fieldset>
  );
};

type PushToTalkProps = { pushing: boolean; canTalk: boolean; talkStart: () => void; talkEnd: () => void };

const PushToTalkButton = ({ pushing, canTalk, talkStart, talkEnd }: PushToTalkProps) => {
  const { t } = useTranslation('coachingSessions');
  return (
    <div className="flex flex-col gap-1">
      <button
        type="button"
        data-push-to-talk="true"
        aria-pressed={pushing}
        aria-describedby="voice-talk-hint"
        disabled={!canTalk}
        onPointerDown={(event) => {
          event.currentTarget.setPointerCapture(event.pointerId);
          talkStart();
        }}
        onPointerUp={talkEnd}
        onPointerCancel={talkEnd}
        onLostPointerCapture={talkEnd}
        onContextMenu={(event) => event.preventDefault()}
        className={`min-h-14 touch-none rounded-full px-6 text-base font-semibold select-none disabled:opacity-disabled ${
          pushing
            ? 'bg-realtime-700 text-white dark:bg-realtime-300 dark:text-gray-950'
            : 'bg-primary-700 text-white hover:bg-primary-800 dark:bg-primary-300 dark:text-gray-950 dark:hover:bg-primary-200'
        }`}
      >
        {pushing ? t('voice.talking') : t('voice.talk')}
      </button>
      <p id="voice-talk-hint" className="text-xs text-gray-700 dark:text-gray-300">
        {t('voice.talkHint')}
      </p>
    </div>
  );
};

/** A change of the session's voice settings' turn detection makes the voice say again what it can do. */
const useVoiceSettingsChange = (voice: VoicePlayActorRef, voiceSettings: SessionVoiceSettings | null) => {
  const turnDetectionRef = useRef(voiceSettings?.turn_detection);
  return (changed: CoachingSessionAnswer) => {
    // What the voice can do follows its settings: the gateway says it again at `voice.start`.
    const turnDetection = changed.voice_settings?.turn_detection;
    if (turnDetection === turnDetectionRef.current) return;
    turnDetectionRef.current = turnDetection;
    voice.send({ type: 'user.settingsChanged' });
  };
};

/** A typed turn the voice did not take: sent again, or its words back in the box. */
const TypedTurnFailure = ({ voice, snapshot, live }: ScreenProps & { live: boolean }) => {
  const { t } = useTranslation('coachingSessions');
  const { context } = snapshot;
  return (
    <Alert tone="error">
      <p>{context.error?.message ?? t('play.failed')}</p>
      <div className="mt-2 flex flex-wrap gap-2">
        <Button variant="secondary" disabled={!live} onClick={() => voice.send({ type: 'user.retry' })}>
          {t('voice.retry')}
        </Button>
        {context.pendingTurn && !context.pendingTurn.recorded ? (
          <Button variant="ghost" onClick={() => voice.send({ type: 'user.discard' })}>
            {t('voice.discard')}
          </Button>
        ) : null}
      </div>
    </Alert>
  );
};

/**
 * The voice play screen (issue 14 §4; docs/voice.md "Browser voice screen"): the live transcript, who is speaking,
 * the microphone's level, mute, push-to-talk (the button or the Space bar held) or hands-free, a text box when the
 * session's voice hears typed turns only, and Stop while the persona speaks. Its logic is the play machine's voice
 * state (machines/voice-play.machine.ts); this only shows it and sends the user's gestures.
 */
export const VoicePlay = ({ voice, sessionId, language, personaName, voiceSettings }: VoicePlayProps) => {
  const { t } = useTranslation('coachingSessions');
  const can = useCan();
  // Who may change the session's voice settings switches push-to-talk there; the others here, for this page only.
  const hasSettings = voiceSettings !== null && can('coaching-session-ai-voice-settings-edit');
  const snapshot = useSelector(voice, (value) => value, isSameScreen);
  const { context } = snapshot;

  const live = snapshot.matches({ active: { session: 'live' } });
  const capabilities = context.answer?.capabilities ?? null;
  const microphone = snapshot.matches({ active: { microphone: { on: 'open' } } })
    ? 'open'
    : snapshot.matches({ active: { microphone: 'unavailable' } })
      ? 'unavailable'
      : 'opening';
  const muted = snapshot.matches({ active: { microphone: { on: { open: 'muted' } } } });
  const hearsAudio = capabilities?.audio_in === true;
  const typedOnly = capabilities !== null && !hearsAudio;
  const canTalk = live && hearsAudio && microphone === 'open' && !muted && context.inputMode === 'push_to_talk';
  // Typed turns: what the built-in voice hears, and the way on when the microphone cannot be had.
  const canType =
    capabilities !== null && (capabilities.recognition === 'push_to_talk' || microphone === 'unavailable');
  const sending = snapshot.matches({ active: { typing: 'sending' } });
  const speaker = speakerOf(snapshot);
  const pushing = snapshot.matches({ active: { talk: 'pushing' } });
  const { talkStart, talkEnd } = usePushToTalk(voice, canTalk);
  useSoundOnFirstGesture(voice, context.soundBlocked);
  const onSettingsChanged = useVoiceSettingsChange(voice, voiceSettings);

  if (snapshot.matches({ active: { session: 'connecting' } }) && context.answer === null && context.error === null)
    return <Loading label={t('voice.connecting')} />;

  const pendingReplyShown =
    context.pendingTurn !== null && context.lines.some((line) => line.id === `reply-${context.pendingTurn?.id}`);

  return (
    <section
      aria-labelledby="voice-heading"
      className="flex flex-col gap-4"
      data-testid="voice-play"
      data-voice-state={speaker}
      data-played-ms={Math.round(playedMsOf(context))}
    >
      <h2 id="voice-heading" className="sr-only">
        {t('voice.heading')}
      </h2>
      <VoiceAlerts voice={voice} snapshot={snapshot} />

      <Card>
        <Transcript
          turns={context.lines.map((line) => ({ id: line.id, role: line.role, text: line.text, pending: !line.final }))}
          personaName={personaName}
          language={language}
          answering={sending && !pendingReplyShown}
        />
      </Card>

      <div className="flex flex-col gap-3 rounded-lg border border-gray-300 p-3 dark:border-gray-700">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <p aria-live="polite" className="text-sm font-medium" data-testid="voice-speaker">
              {t(`voice.state.${typedOnly && speaker === 'listening' ? 'waitingForTyped' : speaker}`, {
                name: personaName,
              })}
            </p>
            {context.recording ? <RecordedBadge /> : null}
          </div>
          {speaker === 'personaSpeaking' ? (
            <Button variant="secondary" onClick={() => voice.send({ type: 'user.stop' })}>
              {t('voice.stop', { name: personaName })}
            </Button>
          ) : null}
        </div>
        {/* A voice that hears typed turns only has no use for the microphone's level (the built-in provider). */}
        <div className={typedOnly ? 'hidden' : 'flex flex-wrap items-center gap-3'}>
          <LevelMeter voice={voice} label={t('voice.level')} />
          <Button
            variant="secondary"
            aria-pressed={muted}
            aria-label={t('voice.muteLabel')}
            disabled={microphone !== 'open'}
            onClick={() => voice.send({ type: muted ? 'user.unmute' : 'user.mute' })}
          >
            {muted ? t('voice.unmute') : t('voice.mute')}
          </Button>
        </div>
        {hearsAudio && capabilities?.turn_detection === 'voice_activity' && !hasSettings ? (
          <InputModeChoice voice={voice} snapshot={snapshot} />
        ) : null}
        {hearsAudio && context.inputMode === 'push_to_talk' ? (
          <PushToTalkButton pushing={pushing} canTalk={canTalk} talkStart={talkStart} talkEnd={talkEnd} />
        ) : null}
        {voiceSettings ? (
          <VoiceSettings
            sessionId={sessionId}
            language={language}
            settings={voiceSettings}
            onChanged={onSettingsChanged}
          />
        ) : null}
      </div>

      {snapshot.matches({ active: { typing: 'failed' } }) ? (
        <TypedTurnFailure voice={voice} snapshot={snapshot} live={live} />
      ) : null}

      {canType ? (
        <TurnForm
          id="voice-message"
          label={t('voice.typeLabel')}
          hint={t('voice.typeHint', { name: personaName })}
          rows={2}
          value={context.draft}
          onType={(text) => voice.send({ type: 'user.type', text })}
          onSend={() => voice.send({ type: 'user.send' })}
          focused={live}
        >
          <div>
            <Button type="submit" disabled={!live || sending || context.draft.trim() === ''} loading={sending}>
              {t('voice.say')}
            </Button>
          </div>
        </TurnForm>
      ) : null}
    </section>
  );
};
