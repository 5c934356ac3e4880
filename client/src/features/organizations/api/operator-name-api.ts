import { organizationOperations as op } from '../../../lib/http/contract-routes';
import { api } from '../../../lib/http/api';
import { queryKeys } from '../../../lib/query/query-keys';
import { useInvalidatingMutation } from '../../../lib/query/invalidating-mutation';

const keys = queryKeys('organizations');

/** Names (or, with '', clears) an organization's operator display name; lists and details show it after. */
export const useChangeOperatorName = (id: string) =>
  useInvalidatingMutation(keys, (operatorName: string) =>
    api.call(op.changeOperatorName, { params: { id }, body: { operator_name: operatorName } }),
  );
