// The products an applicant may apply for (GET /v3/lead/getAllProducts), one product's details, and the
// callback request about one.
import { reportError } from '@originate/web';
import { useMutation, useQuery } from '@tanstack/react-query';
import { fetchProductDetails, fetchProducts, requestCallback } from './flow';
import { flowKeys } from './keys';

export function useProducts() {
  return useQuery({ queryKey: flowKeys.products, queryFn: fetchProducts });
}

/** One product's details (whether it asks for a captcha), for the callback request. */
export function useProductDetails(productCode: string) {
  return useQuery({ queryKey: flowKeys.productDetails(productCode), queryFn: () => fetchProductDetails(productCode) });
}

/** 'Request a call back' (public); failures go through the catalogue's path. */
export function useRequestCallback() {
  return useMutation({ mutationFn: requestCallback, onError: reportError });
}
