import { GUEST_DISPLAY_NAME_MAX } from '@ai-coaching/domain';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { CheckboxField } from '../../../components/ui/choice-fields';
import { TextField } from '../../../components/ui/field';
import { LoadError, Loading } from '../../../components/ui/query-state';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { isApiError } from '../../../lib/http/api-error';
import { useErrorMessage } from '../../../lib/http/use-error-message';
import { imageUrl } from '../../../lib/images';
import { useJoinSharedSession, useSharedSessionPage } from '../api/shared-sessions-api';

/** What the page does once the server answered the guest token: swap it in and go to the play screen. */
export type GuestArrival = (join: { accessToken: string; sessionId: string }) => Promise<void>;

/**
 * `/shared/ai-coaching-session/{access_code}` (public): the scenario a link shares, then a name and the consent to the
 * terms, and Start. A wrong, expired or used-up link says so in one way, whatever the reason.
 */
export const SharedSessionJoin = ({
  accessCode,
  onJoined,
  initialName = '',
}: {
  accessCode: string;
  onJoined: GuestArrival;
  /** The name a guest starting again gave last time. */
  initialName?: string;
}) => {
  const { t } = useTranslation('sharedSessions');
  const errorMessage = useErrorMessage();
  const page = useSharedSessionPage(accessCode);
  const [name, setName] = useState(initialName);
  const [consent, setConsent] = useState(false);
  const [errors, setErrors] = useState<{ name?: string; consent?: string }>({});
  const [failure, setFailure] = useState<unknown>(null);
  const join = useJoinSharedSession(accessCode, (joined) =>
    onJoined({ accessToken: joined.access_token, sessionId: joined.session_id }),
  );
  useDocumentTitle(page.data?.scenario.name ?? t('join.title'));

  if (page.isPending) return <Loading />;
  if (page.isError) {
    // The layout's <main> holds the page; the heading says the link does not work, the text what to do about it.
    return (
      <div className="mx-auto flex w-full max-w-3xl flex-col gap-4 p-4 sm:p-8">
        <h1 className="text-2xl font-semibold">{t('join.unavailableTitle')}</h1>
        {isApiError(page.error) && page.error.status === 404 ? (
          <p className="text-gray-700 dark:text-gray-300">{t('join.unavailableBody')}</p>
        ) : (
          <LoadError error={page.error} onRetry={() => void page.refetch()} />
        )}
      </div>
    );
  }
  const { scenario, persona, mission } = page.data;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    const found = {
      ...(trimmed === '' ? { name: t('join.nameRequired') } : {}),
      ...(trimmed.length > GUEST_DISPLAY_NAME_MAX
        ? { name: t('join.nameTooLong', { max: GUEST_DISPLAY_NAME_MAX }) }
        : {}),
      ...(consent ? {} : { consent: t('join.consentRequired') }),
    };
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setFailure(null);
    try {
      await join.mutateAsync(trimmed);
    } catch (error) {
      const issue = isApiError(error) ? error.issues.find((found) => found.path === 'display_name') : undefined;
      if (issue) setErrors({ name: issue.message });
      else setFailure(error);
    }
  };

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 p-4 sm:p-8">
      <header>
        <p className="text-sm font-medium text-primary-700 dark:text-primary-300">{t('join.invited')}</p>
        <h1 className="text-2xl font-semibold">{scenario.name}</h1>
        {scenario.description ? <p className="mt-2 text-gray-700 dark:text-gray-300">{scenario.description}</p> : null}
      </header>
      <Card>
        <div className="flex items-start gap-3">
          <Avatar src={imageUrl(persona.avatar_image_id)} name={persona.name} size={56} />
          <div className="min-w-0">
            <p className="text-sm text-gray-700 dark:text-gray-300">{t('join.youTalkTo')}</p>
            <p className="font-semibold">{persona.name}</p>
            <p className="text-sm text-gray-700 dark:text-gray-300">
              {[persona.job_title, persona.company].filter(Boolean).join(' · ')}
            </p>
          </div>
        </div>
        {mission ? (
          <div className="mt-4 flex flex-col gap-2 text-sm">
            <p className="font-semibold">{mission.title}</p>
            {mission.briefing ? <p className="whitespace-pre-line">{mission.briefing}</p> : null}
            {mission.goal ? (
              <p>
                <strong>{t('join.goal')} </strong>
                {mission.goal}
              </p>
            ) : null}
          </div>
        ) : null}
        <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="font-medium">{t('join.language')}</dt>
          <dd>{t(`languages.${scenario.language}`)}</dd>
          <dt className="font-medium">{t('join.timeLimit')}</dt>
          <dd>{t('join.minutes', { count: Math.ceil(page.data.time_limit_seconds / 60) })}</dd>
        </dl>
      </Card>
      <Card>
        <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-4">
          <TextField
            label={t('join.name')}
            hint={t('join.nameHint')}
            required
            autoComplete="nickname"
            maxLength={GUEST_DISPLAY_NAME_MAX + 20}
            value={name}
            onChange={(event) => {
              setName(event.target.value);
              setErrors((current) => ({ ...current, name: undefined }));
            }}
            error={errors.name ?? null}
          />
          <div>
            <CheckboxField
              label={
                <span>
                  {t('join.consent')}{' '}
                  <Link
                    to="/terms/conditions"
                    target="_blank"
                    className="text-primary-700 underline dark:text-primary-300"
                  >
                    {t('join.terms')}
                  </Link>
                </span>
              }
              checked={consent}
              onChange={(checked) => {
                setConsent(checked);
                setErrors((current) => ({ ...current, consent: undefined }));
              }}
            />
            {errors.consent ? (
              <p role="alert" className="mt-1 text-sm text-red-700 dark:text-red-400">
                {errors.consent}
              </p>
            ) : null}
          </div>
          {failure ? <Alert tone="error">{errorMessage(failure)}</Alert> : null}
          <Button type="submit" loading={join.isPending || join.isSuccess} className="self-start">
            {t('join.start')}
          </Button>
        </form>
      </Card>
    </div>
  );
};
