// The decision-table editor's calls: a product's credit decision (setup config type Decision, name = product
// code), its version history and saving a new version, through the web package's one http client.
import {
  apiPath,
  type DecisionConfigAnswer,
  type DecisionConfigBody,
  type DecisionVersionsAnswer,
} from '@originate/contract';
import { api } from '@originate/web';

/** GET /setup/configs/Decision/{product}: the latest version, or `verNum`. */
export function fetchDecision(product: string, verNum?: number): Promise<DecisionConfigAnswer> {
  return api.get<DecisionConfigAnswer>(
    apiPath('decisionConfig', { product }),
    verNum ? { searchParams: { verNum } } : undefined,
  );
}

/** GET /setup/configs/Decision/{product}/versions: every version, newest first, with who saved it and when. */
export function fetchDecisionVersions(product: string): Promise<DecisionVersionsAnswer> {
  return api.get<DecisionVersionsAnswer>(apiPath('decisionConfigVersions', { product }));
}

/** POST /setup/configs/Decision/{product}: saved as a new version; 409 when another was saved since `body.verNum`. */
export function saveDecision(product: string, body: DecisionConfigBody): Promise<DecisionConfigAnswer> {
  return api.post<DecisionConfigAnswer>(apiPath('decisionConfig', { product }), body);
}
