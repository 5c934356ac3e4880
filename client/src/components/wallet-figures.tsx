import type { WalletFields } from '@ai-coaching/contracts';
import { useTranslation } from 'react-i18next';
import { formatCredits } from '../lib/credits/nb-credits';

/** The wallet figures users, groups and organizations carry (the contracts' `WalletFields`). */
export type Wallet = WalletFields;

/** Available (what can be spent or given), posted (the balance) and pending (held by running sessions). */
export const WalletFigures = ({ wallet }: { wallet: Wallet }) => {
  const { t, i18n } = useTranslation('common');
  const figures = [
    ['available', wallet.credit_wallet],
    ['posted', wallet.credit_posted],
    ['pending', wallet.credit_pending],
  ] as const;
  return (
    <dl className="grid grid-cols-3 gap-3" data-testid="wallet">
      {figures.map(([key, value]) => (
        <div key={key} className="rounded-md bg-gray-50 p-3 dark:bg-gray-800">
          <dt className="text-xs text-gray-700 dark:text-gray-300">{t(`wallet.${key}`)}</dt>
          <dd className="text-xl font-semibold" data-wallet={key}>
            {formatCredits(value, i18n.language)}
          </dd>
        </div>
      ))}
    </dl>
  );
};
