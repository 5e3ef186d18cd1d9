// The generated flow as a real product on the running server, and applications of it as an applicant
// leaves them: the large-form bench opens each run cold from a resume link, as the applicant would, with
// every configuration call and the application's data answered by the server itself.
// - publishBenchFlow: the operations admin's configuration saves (the admin API of the mock-server README
//   "Configuration saves"): option lists, components, the flow, its rules, then product BENCH;
// - benchApplication: a new application holding every field's value, created as the portal's first save (a
//   draft, no session), and the resume link its answer gives.
import {
  API_PATHS,
  apiPath,
  type ConsumerSaveAnswer,
  type ProductConfig,
  type SaveApplicationBody,
} from '@originate/contract';
import { optionRequests } from '@originate/flow-engine';
import { API } from '../support/system-under-test';
import { login } from './lists-bench';
import { BENCH_PRODUCT, type BenchConfig, PORTAL } from './portal-bench';

async function send(method: 'PUT' | 'POST', url: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${API}${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return { answer: (await res.json()) as unknown, setCookie: res.headers.get('set-cookie') ?? '' };
}

/** Product BENCH on the server, with the generated flow, its components, rules and option list. */
export async function publishBenchFlow(config: BenchConfig): Promise<void> {
  const admin = await login(API, 'opsadmin', 'Admin@123');
  const headers = { access_token: admin.access_token, sessionid: admin.sessionid };
  const { flow } = config;
  for (const wanted of optionRequests(config.components))
    await send(
      'PUT',
      apiPath('saveFieldOptions', { propertyType: wanted.property_type ?? 'DROPDOWN', property: wanted.property }),
      { ...wanted, values: config.options[wanted.property] ?? [] },
      headers,
    );
  for (const component of config.components)
    await send('PUT', apiPath('saveComponentConfig', { componentId: component.componentId }), component, headers);
  await send('PUT', apiPath('flowConfigById', { verNum: flow.verNum, flowId: flow.flowId }), flow, headers);
  await send('PUT', apiPath('savePageRules', { flowId: flow.flowId, verNum: flow.verNum }), config.rules, headers);
  const product: ProductConfig = {
    product_code: BENCH_PRODUCT,
    product_name: flow.product_name ?? 'Benchmark',
    description: 'Generated 500-field flow (bench only)',
    flowId: flow.flowId,
    verNum: flow.verNum,
    captcha: false,
    queue: [{ type: 'DEPT', id: 'TEAM-RETAIL-LENDING' }],
  };
  await send('PUT', apiPath('productDetails', { productCode: BENCH_PRODUCT }), product, headers);
}

export interface BenchApplication {
  applicationId: string;
  resumeLink: string;
  /** The `originate-device` cookie of the save that made it: that device opens the link without a one-time code. */
  deviceCookie: string;
}

/** A new BENCH application at its first step with every field filled (a draft), and its resume link. */
export async function benchApplication(config: BenchConfig): Promise<BenchApplication> {
  const { flow } = config;
  const section = flow.sections[0];
  const step = section?.sub_sections[0];
  if (!section || !step) throw new Error('the bench flow has no first step');
  const body: SaveApplicationBody = {
    flowId: flow.flowId,
    verNum: flow.verNum,
    mode: 'DRAFT',
    section_id: section.section_id,
    sub_section_id: step.sub_section_id,
    singleORjoint: 'single',
    existing_or_new_customer: 'new',
    customFields: config.values,
    jointApplicants: [],
    progress: [],
    _deviceType: 'DESKTOP',
  };
  const saved = await send('POST', API_PATHS.consumerSaveOrUpdate, body);
  const answer = saved.answer as ConsumerSaveAnswer;
  if (!answer.resumeToken) throw new Error('the first save of a BENCH application gave no resume token');
  const deviceCookie = /(?:^|[;,]\s*)originate-device=([^;]+)/.exec(saved.setCookie)?.[1];
  if (!deviceCookie) throw new Error('the first save of a BENCH application set no originate-device cookie');
  return {
    applicationId: answer.application.application_id,
    resumeLink: `${PORTAL}/dynamic-resume?transactionToken=${encodeURIComponent(answer.resumeToken)}`,
    deviceCookie,
  };
}
