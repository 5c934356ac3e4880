import { organizationOperations as op } from '../../../lib/http/contract-routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/http/api';
import { queryKeys } from '../../../lib/query/query-keys';

const keys = queryKeys('organizations');

/** Names (or, with '', clears) an organization's operator display name; lists and details show it after. */
export const useChangeOperatorName = (id: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (operatorName: string) =>
      api.call(op.changeOperatorName, { params: { id }, body: { operator_name: operatorName } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
};
