import type { RouteDef } from './context.js';

interface CompiledRoute { def: RouteDef; segments: string[]; staticCount: number }

export interface RouteMatch { def: RouteDef; rawParams: Record<string, string> }

/** Matches request paths against OpenAPI path templates; a static segment beats a parameter. */
export class Router {
  private readonly routes: CompiledRoute[];

  constructor(defs: RouteDef[]) {
    this.routes = defs.map((def) => {
      const segments = def.path.split('/').slice(1);
      return { def, segments, staticCount: segments.filter((s) => !s.startsWith('{')).length };
    });
  }

  match(path: string): RouteMatch | undefined {
    const parts = path.split('/').slice(1);
    let best: { route: CompiledRoute; rawParams: Record<string, string> } | undefined;
    for (const route of this.routes) {
      if (route.segments.length !== parts.length) continue;
      const rawParams: Record<string, string> = {};
      const matches = route.segments.every((segment, i) => {
        const part = parts[i] ?? '';
        if (!segment.startsWith('{')) return segment === part;
        if (part === '') return false;
        rawParams[segment.slice(1, -1)] = decodeSegment(part);
        return true;
      });
      if (matches && (!best || route.staticCount > best.route.staticCount)) best = { route, rawParams };
    }
    return best && { def: best.route.def, rawParams: best.rawParams };
  }
}

function decodeSegment(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part; // malformed escapes stay raw; the parameter schema then refuses them
  }
}
