// What the forwarding thread and the judging worker of `restguide proxy` say to each other.
import type { Profile } from '../core/profile.js';
import type { CheckReport, CheckResult } from '../core/types.js';
import type { TrafficCounts } from './judge.js';

export interface JudgeSetup {
  baseUrl: string;
  profile: Profile;
  contract?: Record<string, unknown>;
  only?: string[];
  skip?: string[];
  headers?: Record<string, string>;
  batchExchanges: number;
  /** Judge a partial batch once no exchange came for this long. */
  idleMs: number;
}

export type ToJudge =
  | {
      kind: 'exchange';
      request: { method: string; url: string; headers: Record<string, string>; body?: string };
      response: { status: number; headers: Record<string, string>; text: string; truncated: boolean };
      durationMs: number;
    }
  | { kind: 'report'; id: number };

export type FromJudge =
  | { kind: 'ready' }
  | { kind: 'processed'; count: number }
  | { kind: 'finding'; result: CheckResult }
  | { kind: 'report'; id: number; report: CheckReport; counts: TrafficCounts };
