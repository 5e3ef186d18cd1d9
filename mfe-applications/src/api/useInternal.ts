// Hooks of applications staff start: the product list (cached like the Products page's), starting one
// (the lists refetch), and issuing a resume link. Refusals are reported through the web package.
import { reportError } from '@originate/web';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchProductList, issueResumeLink, startApplication } from './internal';
import { listKeys } from './keys';

export function useProductList(enabled: boolean) {
  return useQuery({ queryKey: listKeys.productList, queryFn: fetchProductList, staleTime: 5 * 60_000, enabled });
}

export function useStartApplication(onStarted: (applicationId: string) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (productCode: string) => startApplication({ product_code: productCode }),
    onSuccess: onStarted,
    onError: reportError,
    onSettled: () => client.invalidateQueries({ queryKey: listKeys.pages }),
  });
}

export function useResumeLink() {
  return useMutation({ mutationFn: issueResumeLink, onError: reportError });
}
