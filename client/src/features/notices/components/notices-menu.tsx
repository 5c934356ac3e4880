import { useId } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePopover } from '../../../hooks/use-popover';
import { formatZonedDate } from '../../../lib/time-zones';
import { useMyNotices, useReadNotices, type UserNotice } from '../api/notices-api';

/** A notice's sentence in the reader's language, from its kind and params. */
const useNoticeText = () => {
  const { t, i18n } = useTranslation('shell');
  const locale = i18n.resolvedLanguage ?? 'en-GB';
  return (notice: UserNotice): string => {
    const { params } = notice;
    const text = (name: string) => String(params[name] ?? '');
    const due = () => (params.dueAt ? formatZonedDate(text('dueAt'), text('timeZone') || 'UTC', locale) : '');
    switch (notice.kind) {
      case 'assignment_assigned':
        return t('notices.assignment_assigned', { program: text('programName'), due: due() });
      case 'assignment_reminder':
        return t(
          `notices.reminder.${text('reminder') === 'overdue' ? 'overdue' : text('reminder') === 'due_tomorrow' ? 'due_tomorrow' : 'due_in_3_days'}`,
          {
            program: text('programName'),
            due: due(),
            passed: Number(params.itemsPassed ?? 0),
            count: Number(params.itemsTotal ?? 0),
          },
        );
      case 'assignment_passed':
        return t('notices.assignment_passed', { program: text('programName') });
      case 'session_comment':
        return t('notices.session_comment', { author: text('authorName') });
      case 'session_comment_reply':
        return t('notices.session_comment_reply', { author: text('authorName') });
    }
  };
};

/**
 * The bell of the top bar: how many notices are unread, and the latest of them, each leading where it is about (and
 * read once followed), with "Mark all as read".
 */
export const NoticesMenu = () => {
  const { t, i18n } = useTranslation('shell');
  const { open, setOpen, ref } = usePopover();
  const panelId = useId();
  const headingId = useId();
  const notices = useMyNotices();
  const read = useReadNotices();
  const textOf = useNoticeText();
  const unread = notices.data?.unread ?? 0;
  const when = (instant: string) =>
    new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date(instant),
    );
  return (
    <div ref={ref} className="relative">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className="relative flex size-10 items-center justify-center rounded-md text-gray-800 hover:bg-gray-100 dark:text-gray-100 dark:hover:bg-gray-800"
        data-testid="notices-button"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="size-5"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" strokeLinecap="round" strokeLinejoin="round" />
          <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        <span className="sr-only">{t('notices.open', { count: unread })}</span>
        {unread > 0 ? (
          <span
            aria-hidden="true"
            className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-primary-700 px-1 text-center text-xs leading-5 font-semibold text-white dark:bg-primary-300 dark:text-gray-950"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </button>
      {/* On a narrow screen the bell is not at the edge: the panel spans the screen under the bar instead. */}
      {open ? (
        <section
          id={panelId}
          aria-labelledby={headingId}
          className="fixed inset-x-2 top-16 z-40 rounded-lg border border-gray-200 bg-white p-2 shadow-lg sm:absolute sm:inset-x-auto sm:top-auto sm:right-0 sm:mt-2 sm:w-80 dark:border-gray-700 dark:bg-gray-900"
        >
          <div className="flex items-center justify-between gap-2 border-b border-gray-200 px-2 pb-2 dark:border-gray-700">
            <h2 id={headingId} className="text-sm font-semibold">
              {t('notices.title')}
            </h2>
            {unread > 0 ? (
              <button
                type="button"
                className="min-h-10 rounded px-2 text-sm font-medium text-primary-800 hover:underline dark:text-primary-200"
                onClick={() => read.mutate(undefined)}
                disabled={read.isPending}
              >
                {t('notices.readAll')}
              </button>
            ) : null}
          </div>
          {notices.data && notices.data.items.length > 0 ? (
            <ul className="max-h-96 overflow-y-auto py-1">
              {notices.data.items.map((notice) => (
                <li key={notice.id} data-testid="notice" data-read={notice.read_at !== null}>
                  <Link
                    to={notice.link}
                    onClick={() => (notice.read_at === null ? read.mutate([notice.id]) : undefined)}
                    className="flex gap-2 rounded px-2 py-2 text-sm hover:bg-gray-100 dark:hover:bg-gray-800"
                  >
                    <span
                      aria-hidden="true"
                      className={`mt-1.5 size-2 shrink-0 rounded-full ${notice.read_at === null ? 'bg-primary-700 dark:bg-primary-300' : ''}`}
                    />
                    <span className="min-w-0">
                      <span className={`block break-words ${notice.read_at === null ? 'font-medium' : ''}`}>
                        {notice.read_at === null ? <span className="sr-only">{t('notices.unread')} </span> : null}
                        {textOf(notice)}
                      </span>
                      <span className="block text-xs text-gray-700 dark:text-gray-300">{when(notice.created_at)}</span>
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          ) : (
            <p className="px-2 py-3 text-sm text-gray-700 dark:text-gray-300">{t('notices.none')}</p>
          )}
        </section>
      ) : null}
    </div>
  );
};
