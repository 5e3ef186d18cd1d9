// The products, through the web package's one http client.
import { API_PATHS, type ProductSummary } from '@originate/contract';
import { api } from '@originate/web';

/** GET /v3/lead/getAllProducts. */
export function fetchProductList(): Promise<ProductSummary[]> {
  return api.get<ProductSummary[]>(API_PATHS.productList);
}
