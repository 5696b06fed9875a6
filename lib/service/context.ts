import type { z } from 'zod';
import type { Db } from '../db';
import type { Permission } from '../wire/config';
import type { TokenClaims } from './accounts/tokens';

/**
 * What the service reads of a request. A web `Request` is one (route handlers, tests); the
 * node:http front door passes a lighter one with `readBytes`, which reads the body without a web
 * stream: that conversion cost ~8 % of a booking's CPU (docs/performance.md).
 */
export interface ServiceRequest {
  readonly method: string;
  /** Absolute, on a fixed origin: the request's own path and query, never built from `Host`. */
  readonly url: string;
  readonly headers: { get(name: string): string | null };
  readonly body?: ReadableStream<Uint8Array> | null;
  /** The whole body, or null as soon as it is longer than `limit` (nothing more is read). */
  readonly readBytes?: (limit: number) => Promise<Buffer | null>;
}

export interface AuthUser {
  id: number;
  username: string;
  alias: string;
  permissions: ReadonlySet<Permission | string>;
  /** Landlords (beherberger) the user acts for. */
  beherbergerIds: readonly number[];
}

export type Format = 'json' | 'xml';

export interface RequestContext {
  db: Db;
  request: ServiceRequest;
  url: URL;
  format: Format;
  /** The client's address: the peer, or what a trusted proxy forwarded (lib/client-address.ts). */
  clientAddress: string;
  /** Set on routes with `auth: true`. */
  user: AuthUser | null;
  /** The verified token's claims, on routes with `auth: true`. */
  token: TokenClaims | null;
  now: Date;
}

export interface AuthedContext extends RequestContext {
  user: AuthUser;
}

/** A body to send with 200, or a full reply with its own status and headers. */
export type RouteResult = unknown;

export interface Route<S extends z.ZodType = z.ZodType> {
  method: 'GET' | 'POST';
  auth: boolean;
  /** Request schema; its JSON Schema also guides XML conversion and is served at `schema/<name>/`. */
  body?: S;
  /** `token/` also takes form data (spec 4.1). */
  acceptsFormData?: boolean;
  handle(ctx: RequestContext, body: z.infer<S>): Promise<RouteResult>;
}

/** Helps TypeScript infer the body type of a route from its schema. */
export function route<S extends z.ZodType>(r: Route<S>): Route<S> {
  return r;
}
