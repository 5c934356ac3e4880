import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClassName } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { PageHeader } from '../../../components/ui/page-header';
import { LoadError, Loading } from '../../../components/ui/query-state';
import { useToast } from '../../../components/ui/toast';
import { newIdempotencyKey } from '../../../lib/http/api';
import { useErrorMessage } from '../../../lib/http/use-error-message';
import { useCoachingItem, useForkCoachingItem } from '../api/coaching-api';
import { createPath, editPath, listPath, titleOf, type ForkableKind } from '../utils/coaching-kinds';
import { fieldsOf } from './coaching-editor';
import { EDITORS } from './kinds/editors';
import { TextLink } from '../../../components/ui/text-link';

/**
 * `…/{kind}/fork/{id}`: what will be forked, then the fork itself, an editable draft of the user's organization that
 * remembers its origin. One key per visit: a double click or a retried request makes one fork.
 */
export const CoachingFork = ({ kind, id }: { kind: ForkableKind; id: string }) => {
  const { t, i18n } = useTranslation('coaching');
  const toast = useToast();
  const navigate = useNavigate();
  const errorMessage = useErrorMessage();
  const query = useCoachingItem(kind, id);
  const fork = useForkCoachingItem(kind);
  const [idempotencyKey] = useState(newIdempotencyKey);

  if (query.isPending) return <Loading />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  const item = query.data;
  const title = titleOf(item, kind);
  const editor = EDITORS[kind];
  const { Preview } = editor;

  return (
    <div className="max-w-3xl">
      <PageHeader
        title={t('fork.title', { title })}
        description={t('fork.about')}
        actions={<TextLink to={listPath(kind)}>{t(`kinds.${kind}.back`)}</TextLink>}
      />
      <Card>
        <div className="flex flex-col gap-4">
          {item.editable ? (
            <Alert>
              {t('fork.own')}{' '}
              <Link to={createPath(kind, item.id)} className="font-medium underline">
                {t('actions.copy')}
              </Link>
            </Alert>
          ) : (
            <p className="text-sm">{t('fork.records', { title, version: item.published_version ?? item.version })}</p>
          )}
          <Preview values={fieldsOf(editor, item, i18n.resolvedLanguage ?? 'en-GB')} />
          {fork.isError ? <Alert tone="error">{errorMessage(fork.error)}</Alert> : null}
          {!item.editable ? (
            <div className="flex flex-wrap gap-2">
              <Button
                loading={fork.isPending}
                onClick={() =>
                  fork.mutate(
                    { id: item.id, idempotencyKey },
                    {
                      onSuccess: (made) => {
                        toast.show(t('fork.done', { title }));
                        void navigate(editPath(kind, made.id), { replace: true });
                      },
                    },
                  )
                }
              >
                {t('fork.confirm')}
              </Button>
              <Link to={listPath(kind)} className={buttonClassName('secondary')}>
                {t('fork.cancel')}
              </Link>
            </div>
          ) : null}
        </div>
      </Card>
    </div>
  );
};
