import { useQuery } from '@tanstack/react-query';
import { productKeys } from './keys';
import { fetchProductList } from './products';

export function useProductList() {
  return useQuery({ queryKey: productKeys.list, queryFn: fetchProductList });
}
