import type { OwnerAccount } from '@ai-coaching/domain';
import type { WalletFields } from '@ai-coaching/contracts';
import type { AppServices } from '../app-services.js';
import { findWallet, findWallets, type WalletBalance } from '@ai-coaching/projections';

/** The wallet figures users, groups and organizations carry, from the wallet-balances read model. */
export const walletFields = (wallet: WalletBalance): WalletFields => ({
  credit_wallet: wallet.available,
  credit_posted: wallet.posted,
  credit_pending: wallet.pending,
});

/** A resource nothing moved credits to yet, such as one just created. */
export const EMPTY_WALLET: WalletFields = walletFields({ posted: 0, pending: 0, available: 0 });

export const walletOf = async (services: Pick<AppServices, 'db'>, account: OwnerAccount): Promise<WalletFields> =>
  walletFields(await findWallet(services.db, account));

/** One query for a page of resources; `accountOf` maps each to its ledger account. */
export const walletsOf = async <Item>(
  services: Pick<AppServices, 'db'>,
  items: readonly Item[],
  accountOf: (item: Item) => OwnerAccount,
): Promise<(item: Item) => WalletFields> => {
  const wallets = await findWallets(services.db, items.map(accountOf));
  return (item) => {
    const wallet = wallets.get(accountOf(item));
    return wallet ? walletFields(wallet) : EMPTY_WALLET;
  };
};
