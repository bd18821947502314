// A worker thread does not inherit the main thread's TypeScript loader (`node --import tsx`): it
// registers its own, then loads the load generator.
import { register } from 'tsx/esm/api';

register();
await import('./load-worker.ts');
