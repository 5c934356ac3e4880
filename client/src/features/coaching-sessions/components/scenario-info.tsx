import { useState, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Avatar, EntityImage } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { CheckboxField } from '../../../components/ui/choice-fields';
import { PageHeader } from '../../../components/ui/page-header';
import { LoadError, Loading } from '../../../components/ui/query-state';
import { newIdempotencyKey } from '../../../lib/http/api';
import { useErrorMessage } from '../../../lib/http/use-error-message';
import { imageUrl } from '../../../lib/images';
import { useCan, useCurrentUser } from '../../../lib/session/session-context';
import { useScenarioBriefing, useStartSession, type ScenarioBriefing } from '../api/sessions-api';
import { playedFromPlaylist, playlistPlayPath, playPath } from '../utils/session-paths';
import { MicrophoneCheck } from './microphone-check';
import { ScriptedPractice } from '../../../components/scripted-practice';
import { TextLink } from '../../../components/ui/text-link';

const PersonaCard = ({ briefing }: { briefing: ScenarioBriefing }) => {
  const { t } = useTranslation('coachingSessions');
  const { persona } = briefing;
  return (
    <Card>
      <h2 className="mb-3 text-lg font-semibold">{t('info.persona')}</h2>
      <div className="flex items-start gap-3">
        <Avatar src={imageUrl(persona.avatar_image_id)} name={persona.name} size={56} />
        <div className="min-w-0">
          <p className="font-semibold">{persona.name}</p>
          <p className="text-sm text-gray-700 dark:text-gray-300">
            {[persona.job_title, persona.company].filter(Boolean).join(' · ')}
          </p>
          <blockquote
            lang={briefing.language}
            className="mt-2 rounded-lg rounded-tl-none bg-gray-100 px-3 py-2 text-sm dark:bg-gray-800"
          >
            {persona.greeting}
          </blockquote>
        </div>
      </div>
    </Card>
  );
};

const PhraseList = ({ title, phrases }: { title: string; phrases: readonly string[] }) => (
  <div>
    <p className="font-medium">{title}</p>
    <ul className="list-disc pl-5">
      {phrases.map((phrase) => (
        <li key={phrase}>{phrase}</li>
      ))}
    </ul>
  </div>
);

/** The mission: its picture, briefing, goal, what wins and what to watch out for; or free speech without one. */
const MissionCard = ({ mission }: { mission: ScenarioBriefing['mission'] }) => {
  const { t } = useTranslation('coachingSessions');
  return (
    <Card>
      <h2 className="mb-3 text-lg font-semibold">{t('info.mission')}</h2>
      {mission ? (
        <div className="flex flex-col gap-3 text-sm">
          <EntityImage
            kind="mission"
            src={imageUrl(mission.image_id)}
            className="aspect-[3/2] w-full max-w-md rounded-md"
          />
          <p className="font-semibold">{mission.title}</p>
          {mission.briefing ? <p className="whitespace-pre-line">{mission.briefing}</p> : null}
          {mission.goal ? (
            <p>
              <strong>{t('info.goal')} </strong>
              {mission.goal}
            </p>
          ) : null}
          {mission.success_criteria.length > 0 ? (
            <PhraseList title={t('info.winWhen')} phrases={mission.success_criteria} />
          ) : null}
          {mission.failure_conditions.length > 0 ? (
            <PhraseList title={t('info.watchOut')} phrases={mission.failure_conditions} />
          ) : null}
        </div>
      ) : (
        <p className="text-sm">{t('info.freeSpeech')}</p>
      )}
    </Card>
  );
};

const ObserversCard = ({ observers }: { observers: ScenarioBriefing['observers'] }) => {
  const { t } = useTranslation('coachingSessions');
  return (
    <Card>
      <h2 className="mb-3 text-lg font-semibold">{t('info.observers')}</h2>
      <ul className="flex flex-col gap-3">
        {observers.map((observer) => (
          <li key={observer.id} className="flex items-start gap-3 text-sm">
            <Avatar src={imageUrl(observer.avatar_image_id)} name={observer.name} size={36} />
            <span className="min-w-0">
              <span className="block font-medium">{observer.name}</span>
              <span className="block text-gray-700 dark:text-gray-300">{observer.description}</span>
            </span>
          </li>
        ))}
      </ul>
    </Card>
  );
};

/** The session's language, mode, time limit, price and the learner's balance. */
const SessionTerms = ({ briefing }: { briefing: ScenarioBriefing }) => {
  const { t } = useTranslation('coachingSessions');
  const minutes = Math.ceil(briefing.time_limit_seconds / 60);
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-2 text-sm">
      <dt className="font-medium">{t('info.language')}</dt>
      <dd>{t(`languages.${briefing.language}`)}</dd>
      <dt className="font-medium">{t('info.mode')}</dt>
      <dd>{t(`modes.${briefing.mode}`)}</dd>
      <dt className="font-medium">{t('info.timeLimit')}</dt>
      <dd>{t('info.minutes', { count: minutes })}</dd>
      <dt className="font-medium">{t('info.price')}</dt>
      <dd data-testid="session-price">
        {briefing.price_credits === 0
          ? t('info.free')
          : t('info.priceUpTo', { count: briefing.price_credits, perMinute: briefing.credits_per_minute })}
      </dd>
      <dt className="font-medium">{t('info.balance')}</dt>
      <dd data-testid="session-balance">{t('info.credits', { count: briefing.available_credits })}</dd>
    </dl>
  );
};

/** Not enough credits to start: where more come from depends on who reads it. */
const NotEnoughCredits = ({ briefing }: { briefing: ScenarioBriefing }) => {
  const { t } = useTranslation('coachingSessions');
  const can = useCan();
  const me = useCurrentUser();
  return (
    <div className="mt-4">
      {/* Where credits come from depends on who reads it: operators allocate them from their organization's
          wallet, which the platform fills; everyone else asks an operator or a colleague. */}
      <Alert tone="error">
        {t(can('credit-allocate') ? 'info.notEnoughOperator' : 'info.notEnough', {
          price: t('info.credits', { count: briefing.price_credits }),
          available: t('info.credits', { count: briefing.available_credits }),
        })}
      </Alert>
      {can('credit-allocate') && me ? (
        <Link
          to={`/settings/organization/transaction/${me.organization_id}`}
          className="mt-2 inline-block text-sm text-primary-700 underline dark:text-primary-300"
        >
          {t('info.allocateCredits')}
        </Link>
      ) : null}
    </div>
  );
};

/**
 * `scenario/info-{scenarioID}`: what the learner will play, what it costs, and Start. `aside` adds what the route
 * composes under Start (sharing the scenario with guests).
 */
export const ScenarioInfo = ({
  scenarioId,
  aside,
}: {
  scenarioId: string;
  aside?: (briefing: ScenarioBriefing) => ReactNode;
}) => {
  const { t } = useTranslation('coachingSessions');
  const can = useCan();
  const navigate = useNavigate();
  const playlistId = playedFromPlaylist(useSearchParams()[0]);
  const errorMessage = useErrorMessage();
  const query = useScenarioBriefing(scenarioId);
  const start = useStartSession();
  const [asPrivate, setPrivate] = useState(false);
  // One key per choice: a retry of the same start is one session, and changing the choice is another request.
  const [idempotencyKeys] = useState(() => ({ open: newIdempotencyKey(), private: newIdempotencyKey() }));

  if (query.isPending) return <Loading />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  const briefing = query.data;
  const short = briefing.available_credits < briefing.price_credits;

  return (
    <>
      <PageHeader
        title={briefing.name}
        description={briefing.description}
        actions={
          <TextLink to={playlistId ? playlistPlayPath(playlistId) : '/apps/ai-coaching'}>
            {t(playlistId ? 'result.backToPlaylist' : 'info.back')}
          </TextLink>
        }
      />
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="flex flex-col gap-6">
          <PersonaCard briefing={briefing} />
          <MissionCard mission={briefing.mission} />
          <ObserversCard observers={briefing.observers} />
        </div>
        <Card className="order-first lg:sticky lg:top-4 lg:order-none">
          <SessionTerms briefing={briefing} />
          {briefing.scripted ? (
            <div className="mt-4">
              <ScriptedPractice role={briefing.mode} />
            </div>
          ) : null}
          {short ? <NotEnoughCredits briefing={briefing} /> : null}
          {start.isError ? (
            <div className="mt-4">
              <Alert tone="error">{errorMessage(start.error)}</Alert>
            </div>
          ) : null}
          {can('coaching-session-create') ? (
            <div className="mt-4" data-testid="private-practice-choice">
              <CheckboxField
                label={t('info.private')}
                hint={t('info.privateHint')}
                checked={asPrivate}
                disabled={start.isPending}
                onChange={setPrivate}
              />
            </div>
          ) : null}
          {can('coaching-session-create') ? (
            <Button
              className="mt-4 w-full"
              disabled={short}
              loading={start.isPending}
              onClick={() =>
                start.mutate(
                  {
                    scenarioId: briefing.scenario_id,
                    private: asPrivate,
                    idempotencyKey: asPrivate ? idempotencyKeys.private : idempotencyKeys.open,
                  },
                  { onSuccess: (session) => void navigate(playPath(session.id, playlistId)) },
                )
              }
            >
              {t('info.start')}
            </Button>
          ) : null}
          {briefing.mode === 'voice' ? <MicrophoneCheck /> : null}
          {aside?.(briefing)}
        </Card>
      </div>
    </>
  );
};
