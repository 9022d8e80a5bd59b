import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { runServe } from '../../src/cli/serve.js';
import { UsageError } from '../../src/core/util/errors.js';
import { captureIo } from '../helpers/io.js';

describe('restguide serve', () => {
  it('prints the URL it listens on, answers there, and resolves 0 when stopped', async () => {
    const io = captureIo();
    let stop!: () => void;
    const until = new Promise<void>((resolve) => {
      stop = resolve;
    });
    const running = runServe({ port: '0', host: '127.0.0.1', taskDelay: '10' }, io, { until });
    for (let i = 0; i < 1000 && !io.out; i++) await new Promise((r) => setTimeout(r, 10));
    const match = /^restguide reference server listening on (http:\/\/127\.0\.0\.1:\d+\/registry\/v1)\n$/.exec(io.out);
    expect(match).not.toBeNull();
    const health = await fetch(`${match![1]}/health`);
    expect(await health.json()).toEqual({ status: 'UP' });
    stop();
    expect(await running).toBe(0);
    await expect(fetch(`${match![1]}/health`)).rejects.toThrow();
  });

  it('--public-url: links use it whatever the Host, and the URL is printed', async () => {
    const io = captureIo();
    let stop!: () => void;
    const until = new Promise<void>((resolve) => {
      stop = resolve;
    });
    const running = runServe({ port: '0', host: '127.0.0.1', publicUrl: 'https://api.example.org' }, io, { until });
    for (let i = 0; i < 1000 && !io.out.includes('public'); i++) await new Promise((r) => setTimeout(r, 10));
    expect(io.out).toContain('links use the public base URL https://api.example.org/registry/v1\n');
    const listening = /listening on (\S+)\n/.exec(io.out)![1]!;
    const doc = (await (await fetch(`${listening}/employers/93`)).json()) as { self: string };
    expect(doc.self).toBe('https://api.example.org/registry/v1/employers/93');
    stop();
    expect(await running).toBe(0);
  });

  it.each([
    [{ publicUrl: 'ftp://x' }, /--public-url/],
    [{ publicUrl: 'nope' }, /--public-url/],
    [{ port: 'abc' }, /--port/],
    [{ port: '70000' }, /--port/],
    [{ port: '-1' }, /--port/],
    [{ taskDelay: 'soon' }, /--task-delay/],
    [{ host: 'bad host!' }, /--host/],
  ])('refuses %o with a one-line usage error', async (options, message) => {
    await expect(runServe(options, captureIo())).rejects.toThrow(message);
    await expect(runServe(options, captureIo())).rejects.toBeInstanceOf(UsageError);
  });

  it('turns a busy port into a usage error', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = String((blocker.address() as AddressInfo).port);
    try {
      await expect(runServe({ port, host: '127.0.0.1' }, captureIo())).rejects.toThrow(/already in use/);
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  });
});
