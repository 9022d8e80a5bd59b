import type { RouteDef } from './context.js';
import type { Store } from './store/store.js';

interface ParamRoute<S> {
  def: RouteDef<S>;
  segments: string[];
  staticCount: number;
}

interface RouteMatch<S> {
  def: RouteDef<S>;
  rawParams: Record<string, string>;
}

const NO_PARAMS: Readonly<Record<string, string>> = Object.freeze({});

/**
 * Matches request paths against OpenAPI path templates; a static segment beats a parameter. Paths
 * without parameters are one Map lookup; templates with parameters are grouped by segment count.
 */
export class Router<S = Store> {
  private readonly fixed = new Map<string, RouteDef<S>>();
  private readonly bySegments = new Map<number, Array<ParamRoute<S>>>();

  constructor(defs: Array<RouteDef<S>>) {
    for (const def of defs) {
      const segments = def.path.split('/').slice(1);
      const staticCount = segments.filter((s) => !s.startsWith('{')).length;
      if (staticCount === segments.length) {
        if (!this.fixed.has(def.path)) this.fixed.set(def.path, def); // the first definition wins, as before
        continue;
      }
      const group = this.bySegments.get(segments.length) ?? [];
      group.push({ def, segments, staticCount });
      this.bySegments.set(segments.length, group);
    }
    // Most static segments first; among equals, definition order (the sort is stable).
    for (const group of this.bySegments.values()) group.sort((a, b) => b.staticCount - a.staticCount);
  }

  match(path: string): RouteMatch<S> | undefined {
    const def = this.fixed.get(path);
    if (def) return { def, rawParams: NO_PARAMS as Record<string, string> };
    const parts = path.split('/');
    const candidates = this.bySegments.get(parts.length - 1);
    if (!candidates) return undefined;
    for (const route of candidates) {
      if (matches(route.segments, parts)) return { def: route.def, rawParams: paramsOf(route.segments, parts) };
    }
    return undefined;
  }
}

/** Whether `parts` (with the empty part before the leading slash) fits the template segments. */
function matches(segments: string[], parts: string[]): boolean {
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i]!;
    const part = parts[i + 1]!;
    if (segment.charCodeAt(0) === 123 /* { */ ? part === '' : segment !== part) return false;
  }
  return true;
}

function paramsOf(segments: string[], parts: string[]): Record<string, string> {
  const params: Record<string, string> = {};
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i]!;
    if (segment.charCodeAt(0) === 123) params[segment.slice(1, -1)] = decodeSegment(parts[i + 1]!);
  }
  return params;
}

function decodeSegment(part: string): string {
  if (!part.includes('%')) return part;
  try {
    return decodeURIComponent(part);
  } catch {
    return part; // malformed escapes stay raw; the parameter schema then refuses them
  }
}
