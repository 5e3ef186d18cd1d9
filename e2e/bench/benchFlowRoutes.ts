// The generated large flow (shared/flow-engine/bench/generateFlow.ts) served to the standalone portal as
// product BENCH by intercepting its configuration calls (the server is not changed). Imports no flow
// engine code, so Playwright's own loader runs it in browser tests too; the caller names the engine
// version the product details answer with.
import {
  API_PATHS,
  apiPath,
  type ComponentConfig,
  type FieldOptions,
  type FlowConfig,
  type FormValues,
  type PageRule,
  type ProductDetailsAnswer,
} from '@originate/contract';
import type { Page, Request, Route } from 'playwright-core';
import { API, E2E_PORTS } from '../support/system-under-test';

export const PORTAL = `http://127.0.0.1:${E2E_PORTS.MFE_CUSTOMER_FLOW_PORT}`;
export const BENCH_PRODUCT = 'BENCH';

export interface BenchConfig {
  flow: FlowConfig;
  components: ComponentConfig[];
  rules: PageRule[];
  options: Record<string, FieldOptions['values']>;
  /** Every field filled, the table's 50 rows included. */
  values: FormValues;
  driverLabel: string;
}

/** Answers as the server would (cross-origin, credentials included). */
function json(route: Route, request: Request, body: unknown): Promise<void> {
  return route.fulfill({
    status: 200,
    contentType: 'application/json',
    headers: {
      'access-control-allow-origin': request.headers().origin ?? PORTAL,
      'access-control-allow-credentials': 'true',
      vary: 'Origin',
    },
    body: JSON.stringify(body),
  });
}

/**
 * The portal's configuration calls for product BENCH answered with the generated flow; every other call
 * (and the same calls for other products) goes to the real server.
 */
export async function serveBenchFlow(page: Page, config: BenchConfig, engineVersion: string): Promise<void> {
  const { flow } = config;
  const details = {
    product_code: BENCH_PRODUCT,
    product_name: flow.product_name ?? 'Benchmark',
    description: 'Generated 500-field flow (bench only)',
    flowId: flow.flowId,
    verNum: flow.verNum,
  };
  const paths = {
    productList: API_PATHS.productList,
    productDetails: apiPath('productDetails', { productCode: BENCH_PRODUCT }),
    flowConfig: apiPath('flowConfigById', { verNum: flow.verNum, flowId: flow.flowId }),
    rules: API_PATHS.fetchRules,
    components: API_PATHS.componentsConfigs,
    fieldsConfig: API_PATHS.fieldsConfig,
  };
  const componentIds = new Set(config.components.map((c) => c.componentId));
  await page.route(
    (url) => url.origin === API,
    async (route, request) => {
      const url = new URL(request.url());
      const method = request.method();
      if (method === 'GET' && url.pathname === paths.productDetails) {
        // The engine the portal carries: the bench measures the flow, not the update notice.
        const answer: ProductDetailsAnswer = { ...details, captcha: false, engineVersion };
        return json(route, request, answer);
      }
      if (method === 'GET' && url.pathname === paths.flowConfig) return json(route, request, flow);
      if (method === 'GET' && url.pathname === paths.rules && url.searchParams.get('flow_ids') === flow.flowId)
        return json(route, request, config.rules);
      if (method === 'GET' && url.pathname === paths.productList) {
        const real = await route.fetch();
        const list: unknown = await real.json();
        return json(route, request, Array.isArray(list) ? [...list, details] : list);
      }
      if (method === 'POST' && url.pathname === paths.components) {
        const wanted = (request.postDataJSON() as { componentIds?: string[] }).componentIds ?? [];
        if (wanted.length > 0 && wanted.every((id) => componentIds.has(id)))
          return json(
            route,
            request,
            config.components.filter((c) => wanted.includes(c.componentId)),
          );
      }
      if (method === 'POST' && url.pathname === paths.fieldsConfig) {
        const wanted = request.postDataJSON() as Pick<FieldOptions, 'property' | 'property_type'>[];
        if (wanted.every((w) => w.property in config.options))
          return json(
            route,
            request,
            wanted.map((w) => ({ ...w, values: config.options[w.property] ?? [] })),
          );
      }
      return route.fallback();
    },
  );
}
