import { describe, expect, it } from 'vitest';
import { nodeOptionsArgs, relaunchArgs, SERVE_NODE_FLAGS } from '../../src/cli/young-generation.js';

const argv = ['/usr/bin/node', '/pkg/bin/restguide.js', 'serve', '--port', '0'];

describe('relaunchArgs: whether `serve` re-runs Node with a bounded young generation', () => {
  it('flag absent: the flags, then Node\'s own arguments, the same script and arguments', () => {
    expect(SERVE_NODE_FLAGS).toEqual([expect.stringMatching(/^--max-semi-space-size=\d+$/)]);
    expect(relaunchArgs({ execArgv: [], argv })).toEqual([...SERVE_NODE_FLAGS, '/pkg/bin/restguide.js', 'serve', '--port', '0']);
    expect(relaunchArgs({ execArgv: ['--enable-source-maps'], argv, nodeOptions: '--max-old-space-size=512' }))
      .toEqual([...SERVE_NODE_FLAGS, '--enable-source-maps', '/pkg/bin/restguide.js', 'serve', '--port', '0']);
  });

  it.each([
    ['--max-semi-space-size=8'], ['--max_semi_space_size=8'], ['--max-semi-space-size'], ['--min-semi-space-size=4'],
    ['--max-heap-size=200'], // V8 aborts when it comes with --max-old-space-size and a semi-space size
  ])('%s in execArgv: none (the user\'s own value wins)', (flag) => {
    expect(relaunchArgs({ execArgv: [flag], argv })).toBeUndefined();
  });

  it.each([
    '--max-semi-space-size=8', '--max-old-space-size=512 --max-semi-space-size=4', '"--max-semi-space-size=4"',
  ])('NODE_OPTIONS %j: none', (nodeOptions) => {
    expect(relaunchArgs({ execArgv: [], argv, nodeOptions })).toBeUndefined();
  });

  it('the child, which has the flag, never re-runs', () => {
    const child = relaunchArgs({ execArgv: [], argv })!;
    const scriptAt = child.indexOf('/pkg/bin/restguide.js');
    expect(relaunchArgs({ execArgv: child.slice(0, scriptAt), argv: ['/usr/bin/node', ...child.slice(scriptAt)] })).toBeUndefined();
  });

  it('a debugger by flag, or no script: the process serves itself', () => {
    expect(relaunchArgs({ execArgv: ['--inspect'], argv })).toBeUndefined();
    expect(relaunchArgs({ execArgv: ['--inspect-brk=9230'], argv })).toBeUndefined();
    expect(relaunchArgs({ execArgv: [], argv, nodeOptions: '--inspect' })).toBeUndefined();
    expect(relaunchArgs({ execArgv: [], argv: ['/usr/bin/node'] })).toBeUndefined();
  });

  it('similar flags are not a young-generation size', () => {
    expect(relaunchArgs({ execArgv: ['--max-old-space-size=512', '--semi-space-growth-factor=2'], argv, nodeOptions: '--max-old-space-size=64' })).toBeDefined();
  });

  it('reads NODE_OPTIONS as Node does: whitespace-separated, double quotes group', () => {
    expect(nodeOptionsArgs(undefined)).toEqual([]);
    expect(nodeOptionsArgs('  --a=1\t--b  "--c=x y" ')).toEqual(['--a=1', '--b', '--c=x y']);
  });
});
