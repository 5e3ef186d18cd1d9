// The products an applicant may apply for (GET /v3/lead/getAllProducts).
import { useQuery } from '@tanstack/react-query';
import { fetchProducts } from './flow';
import { flowKeys } from './keys';

export function useProducts() {
  return useQuery({ queryKey: flowKeys.products, queryFn: fetchProducts });
}
