// TRANSITION: wallet figures now come from the application layer; removed once every route uses it.
export { EMPTY_WALLET, walletOf, walletsOf } from '@ai-coaching/application';
export { walletFieldsShape as walletFieldsSchema, type WalletFields } from '@ai-coaching/contracts';
