// The sheet worker's entry (sheet-worker.ts is the worker): a worker thread does not take the API's
// `--import tsx` on Node 20, so it registers tsx's loader itself before loading the TypeScript.
import { register } from 'tsx/esm/api';

register();
await import('./sheet-worker.ts');
