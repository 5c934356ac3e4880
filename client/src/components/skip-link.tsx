import { useTranslation } from 'react-i18next';

export type SkipLinkProps = {
  /** id of the element that receives focus; it needs tabIndex={-1} to be focusable. */
  targetId: string;
};

/** Lets keyboard and screen-reader users jump past the top bar; visible only when focused. */
export const SkipLink = ({ targetId }: SkipLinkProps) => {
  const { t } = useTranslation('shell');
  return (
    <a
      href={`#${targetId}`}
      className="sr-only z-50 rounded-md bg-primary-700 px-4 py-2 font-medium text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
    >
      {t('skipLink')}
    </a>
  );
};
