// The tunings of Spectral's internals answer exactly what the stock code would, and are in effect.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { expect, it } from 'vitest';
import { tuneSpectral } from '../../src/lint/spectral-tuning.js';

const require = createRequire(import.meta.url);
type Print = (input: string, values: unknown) => string;

interface Graph {
  addNode(name: string): void; removeNode(name: string): void;
  addDependency(from: string, to: string): boolean; removeDependency(from: string, to: string): void;
  dependenciesOf(name: string): string[]; dependantsOf(name: string): string[]; overallOrder(): string[];
  outgoingEdges: Record<string, string[]>; incomingEdges: Record<string, string[]>;
}
type DepGraphClass = { new (): Graph; prototype: Graph };
const fromResolver = createRequire(createRequire(require.resolve('@stoplight/spectral-ref-resolver')).resolve('@stoplight/json-ref-resolver'));
const { DepGraph } = fromResolver('dependency-graph') as { DepGraph: DepGraphClass };
const stockAddDependency = DepGraph.prototype.addDependency;

/** A graph driven through adds (many repeated), removals and re-adds, with addDependency as given. */
function exercise(addDependency: Graph['addDependency']): unknown {
  const graph = new DepGraph();
  graph.addDependency = addDependency;
  for (const name of ['a', 'b', 'c', 'd', 'shared']) graph.addNode(name);
  for (let i = 0; i < 50; i++) for (const from of ['a', 'b', 'c']) graph.addDependency(from, 'shared');
  graph.addDependency('a', 'b');
  graph.addDependency('b', 'c');
  graph.removeDependency('b', 'shared');
  graph.addDependency('d', 'shared');
  graph.addDependency('b', 'shared');
  graph.removeNode('c');
  graph.addNode('c');
  graph.addDependency('c', 'shared');
  graph.addDependency('c', 'shared');
  expect(() => graph.addDependency('a', 'nothere')).toThrow('Node does not exist: nothere');
  return { out: graph.outgoingEdges, in: graph.incomingEdges, order: graph.overallOrder(), dependants: graph.dependantsOf('shared') };
}

it('prints messages as the stock printer does, without building a parser for plain text', () => {
  const module = require(join(dirname(require.resolve('@stoplight/spectral-core')), 'runner/utils/message.js')) as { message: Print };
  const stock = module.message;
  tuneSpectral();
  expect(module.message).not.toBe(stock); // in effect: a changed spectral-core layout fails here
  const values = { error: 'Example is not valid', property: 'name', value: 42, path: '#/a', description: 'd' };
  const cases: Array<[string, unknown]> = [
    ['{{error}}', values],
    ['{{error}}', { property: 'x' }],
    ['{{error}}', { error: 7 }],
    ['plain text, no placeholder', values],
    ['{{property}} should be camelCase: {{error}}', values],
    ['#{{print("property")}}is wrong', values],
    ['#{{print("value")}}', values],
    ['{{unknown}} stays empty', values],
    ['', values],
  ];
  for (const [input, vars] of cases) expect(module.message(input, vars), input).toBe(stock(input, vars));
});

it('keeps the dependency graph the stock one builds, with set lookups in place of indexOf', () => {
  tuneSpectral();
  expect(DepGraph.prototype.addDependency).not.toBe(stockAddDependency); // in effect
  const ours = exercise(DepGraph.prototype.addDependency);
  expect(ours).toEqual(exercise(stockAddDependency));
  expect((ours as { in: Record<string, string[]> }).in.shared).toEqual(['a', 'd', 'b', 'c']);
});
