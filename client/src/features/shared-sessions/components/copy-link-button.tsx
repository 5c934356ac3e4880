import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { useToast } from '../../../components/ui/toast';

/** Copies a link and says so; where the clipboard is refused, says to copy it by hand. */
export const CopyLinkButton = ({ url, label }: { url: string; label?: string }) => {
  const { t } = useTranslation('sharedSessions');
  const toast = useToast();
  return (
    <Button
      variant="secondary"
      onClick={() =>
        void navigator.clipboard.writeText(url).then(
          () => toast.show(t('copy.done')),
          () => toast.show(t('copy.failed'), 'error'),
        )
      }
    >
      {label ?? t('copy.label')}
    </Button>
  );
};
