// Worker threads start plain Node, which cannot import TypeScript: register tsx's loader here, then
// load the real worker. The pool points new Worker() at this file.
import { tsImport } from 'tsx/esm/api';

await tsImport('./worker.ts', import.meta.url);
