import type { z } from 'zod';
import type { Db } from '../db';
import type { Permission } from '../wire/config';
import type { TokenClaims } from './accounts/tokens';
import type { ServiceRequest } from './pipeline';

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
