import { COACHING_KIND_RULES } from '@ai-coaching/domain';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Alert, ErrorAlert } from '../../../components/ui/alert';
import { Button, buttonClassName } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmAction } from '../../../components/ui/confirm-action';
import { PageHeader } from '../../../components/ui/page-header';
import { LoadError, Loading } from '../../../components/ui/query-state';
import { useToast } from '../../../components/ui/toast';
import { useSchemaForm } from '../../../hooks/use-schema-form';
import { useErrorMessage } from '../../../lib/http/use-error-message';
import { useCan } from '../../../lib/session/session-context';
import {
  useCoachingAction,
  useCoachingItem,
  useDeleteCoachingItem,
  useSaveCoachingItem,
  type AnyCoachingItem,
  type CoachingAction,
  type PlaylistItem,
  type ScenarioItem,
} from '../api/coaching-api';
import {
  createPath,
  editPath,
  forkPath,
  isForkable,
  isShareable,
  listPath,
  titleOf,
  type CoachingKind,
} from '../utils/coaching-kinds';
import { CoachingShares } from './coaching-shares';
import { CoachingStatusBadge, LibraryBadge } from './coaching-status-badge';
import { CoachingVersions } from './coaching-versions';
import { EDITORS } from './kinds/editors';
import type { FieldValues, KindEditor } from './kinds/kind-editor';
import { TextLink } from '../../../components/ui/text-link';
import { ProgramAssignments } from './program-assignments';

/** The item's own fields, without what the API adds around them (id, status, version …). */
export const fieldsOf = (editor: KindEditor, item: Record<string, unknown>, language: string): FieldValues =>
  Object.fromEntries(Object.keys(editor.blank(language)).map((name) => [name, item[name]]));

const BackLink = ({ kind }: { kind: CoachingKind }) => {
  const { t } = useTranslation('coaching');
  return <TextLink to={listPath(kind)}>{t(`kinds.${kind}.back`)}</TextLink>;
};

const Panel = ({ title, children }: { title: string; children: ReactNode }) => (
  <Card>
    <h2 className="mb-3 text-lg font-semibold">{title}</h2>
    {children}
  </Card>
);

/** The form and, beside it (below on a phone), the live preview and the item's other panels. */
const ItemForm = ({
  editor,
  initial,
  submitLabel,
  onSubmit,
  aside,
}: {
  editor: KindEditor;
  initial: FieldValues;
  submitLabel: string;
  onSubmit: (values: FieldValues) => Promise<unknown>;
  aside?: ReactNode;
}) => {
  const { t } = useTranslation('coaching');
  const form = useSchemaForm({ schema: editor.schema, initial, submit: onSubmit });
  const { Fields, Preview } = editor;
  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
      <Card>
        <form noValidate onSubmit={form.handleSubmit} className="flex flex-col gap-5">
          <Fields form={form} />
          <ErrorAlert error={form.formError} />
          <div>
            <Button type="submit" loading={form.submitting}>
              {submitLabel}
            </Button>
          </div>
        </form>
      </Card>
      <div className="flex flex-col gap-6 lg:sticky lg:top-4">
        <section
          aria-labelledby="coaching-preview"
          className="rounded-lg border border-dashed border-primary-300 p-4 dark:border-primary-700"
        >
          <h2
            id="coaching-preview"
            className="mb-3 text-sm font-semibold tracking-wide text-primary-800 uppercase dark:text-primary-200"
          >
            {t('editor.preview')}
          </h2>
          <Preview values={form.values} />
        </section>
        {aside}
      </div>
    </div>
  );
};

const useInterfaceLanguage = () => {
  const { i18n } = useTranslation();
  return i18n.resolvedLanguage ?? i18n.language;
};

/** `…/{kind}/create` and `…/{kind}/create/{copyId}`: a new draft, blank or a copy of an item the user may read. */
export const CoachingCreate = ({ kind, copyId }: { kind: CoachingKind; copyId?: string | undefined }) => {
  const { t } = useTranslation('coaching');
  const toast = useToast();
  const navigate = useNavigate();
  const language = useInterfaceLanguage();
  const editor = EDITORS[kind];
  const source = useCoachingItem(kind, copyId);
  const save = useSaveCoachingItem(kind);

  if (copyId && source.isPending) return <Loading />;
  if (copyId && source.isError) return <LoadError error={source.error} onRetry={() => void source.refetch()} />;
  const titleField = COACHING_KIND_RULES[kind].titleField;
  const initial = source.data
    ? {
        ...fieldsOf(editor, source.data, language),
        [titleField]: t('editor.copyName', { title: titleOf(source.data, kind) }).slice(0, 120),
      }
    : editor.blank(language);

  return (
    <>
      <PageHeader
        title={source.data ? t('editor.copyTitle', { title: titleOf(source.data, kind) }) : t(`kinds.${kind}.create`)}
        description={source.data ? t('editor.copyAbout') : t(`kinds.${kind}.about`)}
        actions={<BackLink kind={kind} />}
      />
      <ItemForm
        editor={editor}
        initial={initial}
        submitLabel={t('editor.createDraft')}
        onSubmit={async (values) => {
          const made = await save.mutateAsync({ body: { ...values, ...(copyId ? { copy_from: copyId } : {}) } });
          toast.show(t('editor.created', { title: titleOf(made, kind) }));
          await navigate(editPath(kind, made.id), { replace: true });
        }}
      />
    </>
  );
};

/** Publish, archive or restore, copy and delete: what can be done with the item besides editing it. */
const LifecyclePanel = ({ kind, item }: { kind: CoachingKind; item: AnyCoachingItem }) => {
  const { t } = useTranslation('coaching');
  const can = useCan();
  const toast = useToast();
  const navigate = useNavigate();
  const errorMessage = useErrorMessage();
  const lifecycle = useCoachingAction(kind);
  const remove = useDeleteCoachingItem(kind);
  const [problem, setProblem] = useState<string | null>(null);
  const title = titleOf(item, kind);
  const unpublished = item.published_version === null || item.version > item.published_version;

  // Awaited rather than `mutate` callbacks: a success refetches the item, which remounts this panel with the form,
  // and TanStack Query drops the callbacks of a component that has gone.
  const run = async (action: CoachingAction) => {
    setProblem(null);
    try {
      const changed = await lifecycle.mutateAsync({ id: item.id, action });
      toast.show(t(`editor.done.${action}`, { title, version: changed.published_version ?? changed.version }));
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };

  return (
    <Panel title={t('editor.lifecycle')}>
      <div className="flex flex-col gap-3">
        <CoachingStatusBadge status={item.status} version={item.version} publishedVersion={item.published_version} />
        <p className="text-sm text-gray-700 dark:text-gray-300">
          {item.status === 'archived'
            ? t('editor.archivedNote')
            : unpublished
              ? t('editor.unpublishedNote', { version: item.version })
              : t('editor.publishedNote', { version: item.published_version })}
        </p>
        {problem ? <Alert tone="error">{problem}</Alert> : null}
        <div className="flex flex-wrap gap-2">
          {item.status !== 'archived' && unpublished ? (
            <Button
              loading={lifecycle.isPending && lifecycle.variables?.action === 'publish'}
              onClick={() => void run('publish')}
            >
              {t('actions.publish', { version: item.version })}
            </Button>
          ) : null}
          {item.status === 'archived' ? (
            <Button variant="secondary" onClick={() => void run('restore')}>
              {t('actions.restore')}
            </Button>
          ) : (
            <Button variant="secondary" onClick={() => void run('archive')}>
              {t('actions.archive')}
            </Button>
          )}
          {isForkable(kind) && can(`coaching-${kind}-create`) ? (
            <Link to={createPath(kind, item.id)} className={buttonClassName('ghost')}>
              {t('actions.copy')}
            </Link>
          ) : null}
        </div>
        {can(`coaching-${kind}-delete`) ? (
          <div className="border-t border-gray-200 pt-3 dark:border-gray-700">
            <ConfirmAction
              label={t('actions.delete')}
              title={t('editor.deleteTitle', { title })}
              body={t('editor.deleteBody')}
              confirmLabel={t('actions.delete')}
              doneMessage={t('editor.deleted', { title })}
              action={() => remove.mutateAsync(item.id)}
              onDone={() => void navigate(listPath(kind))}
              onError={(error) => setProblem(errorMessage(error))}
            />
          </div>
        ) : null}
      </div>
    </Panel>
  );
};

const OriginNote = ({ item }: { item: AnyCoachingItem }) => {
  const { t } = useTranslation('coaching');
  if (!item.origin) return null;
  return <span>{t(`origin.${item.origin.type}`, { title: item.origin.title, version: item.origin.version })}</span>;
};

/** `…/{kind}/edit/{id}`: the working copy, its lifecycle and versions; read-only (with Fork) when not the user's. */
export const CoachingEdit = ({ kind, id }: { kind: CoachingKind; id: string }) => {
  const { t } = useTranslation('coaching');
  const can = useCan();
  const toast = useToast();
  const language = useInterfaceLanguage();
  const editor = EDITORS[kind];
  const query = useCoachingItem(kind, id);
  const save = useSaveCoachingItem(kind);

  if (query.isPending) return <Loading />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  const item = query.data;
  const title = titleOf(item, kind);
  const header = (
    <PageHeader
      title={title}
      description={
        <span className="flex flex-wrap items-center gap-2">
          {item.organization_id === null ? <LibraryBadge /> : null}
          <OriginNote item={item} />
        </span>
      }
      actions={<BackLink kind={kind} />}
    />
  );

  if (!item.editable) {
    const { Preview } = editor;
    return (
      <>
        {header}
        <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
          <Card>
            <div className="flex flex-col gap-4">
              <Alert>{t(item.organization_id === null ? 'editor.libraryNote' : 'editor.readOnlyNote')}</Alert>
              <Preview values={fieldsOf(editor, item, language)} />
              {isForkable(kind) && (can(`coaching-${kind}-fork`) || can(`coaching-${kind}-create`)) ? (
                // Two ways to make it one's own: each says in a line what it gives.
                <ul className="grid gap-3 sm:grid-cols-2" aria-label={t('editor.makeYourOwn')}>
                  {can(`coaching-${kind}-fork`) ? (
                    <li className="flex flex-col items-start gap-1">
                      <Link to={forkPath(kind, item.id)} className={buttonClassName('primary')}>
                        {t('actions.fork')}
                      </Link>
                      <span className="text-sm text-gray-700 dark:text-gray-300">{t('editor.forkHint')}</span>
                    </li>
                  ) : null}
                  {can(`coaching-${kind}-create`) ? (
                    <li className="flex flex-col items-start gap-1">
                      <Link to={createPath(kind, item.id)} className={buttonClassName('secondary')}>
                        {t('actions.copy')}
                      </Link>
                      <span className="text-sm text-gray-700 dark:text-gray-300">{t('editor.copyHint')}</span>
                    </li>
                  ) : null}
                </ul>
              ) : null}
            </div>
          </Card>
          <CoachingVersions kind={kind} item={item} />
        </div>
      </>
    );
  }

  return (
    <>
      {header}
      <ItemForm
        key={item.updated_at}
        editor={editor}
        initial={fieldsOf(editor, item, language)}
        submitLabel={t('editor.save')}
        onSubmit={async (values) => {
          await save.mutateAsync({ id: item.id, body: values });
          toast.show(t('editor.saved'));
        }}
        aside={
          <>
            <LifecyclePanel kind={kind} item={item} />
            {isShareable(kind) && can(`coaching-${kind}-share`) ? (
              <CoachingShares kind={kind} item={item as ScenarioItem | PlaylistItem} />
            ) : null}
            <CoachingVersions kind={kind} item={item} />
          </>
        }
      />
      {kind === 'program' && item.published_version !== null && can('coaching-program-assign') ? (
        <ProgramAssignments programId={item.id} />
      ) : null}
    </>
  );
};
