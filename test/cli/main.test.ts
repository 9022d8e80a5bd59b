import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { captureIo } from '../helpers/io.js';

describe('restguide CLI', () => {
  it('prints the package version and exits 0', async () => {
    const io = captureIo();
    expect(await main(['--version'], io)).toBe(0);
    expect(io.out.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it("exits 2 with one line on an unknown option, not commander's 1", async () => {
    const io = captureIo();
    expect(await main(['check', '--no-such-flag'], io)).toBe(2);
    expect(io.err).toBe("error: unknown option '--no-such-flag' (run `restguide --help` for usage)\n");
  });

  it('says an unknown command and a missing option argument in one line each', async () => {
    for (const argv of [['frobnicate'], ['check', '--retries'], ['lint', '--format']]) {
      const io = captureIo();
      expect(await main(argv, io)).toBe(2);
      expect(io.err.trimEnd().split('\n')).toHaveLength(1);
      expect(io.err).toMatch(/^error: .* \(run `restguide --help` for usage\)\n$/);
    }
  });

  it('exits 2 on an unknown format', async () => {
    const io = captureIo();
    expect(await main(['lint', 'x.yaml', '--format', 'xml'], io)).toBe(2);
  });
});
