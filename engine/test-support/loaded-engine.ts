/**
 * The engine a test file works with: the release build, loaded once when the file is imported
 * (loadEngine's one shared instance per module graph, and vitest gives each test file its own), so a
 * test writes `import { engine } from '…/engine/test-support/loaded-engine.ts'` instead of a
 * `beforeAll` of its own. A test that needs a separate instance or another build (debug, test)
 * loads it itself.
 */
import { loadEngine, type Engine } from '../src/index.ts';

export const engine: Engine = await loadEngine();
