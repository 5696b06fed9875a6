// Every portal table that keeps a landlord's data names its owner: the service's URL and the user
// there. Every query on such a table starts from this clause, so someone else's row is never found.
import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Owner } from './session/session';

export interface OwnedTable {
  serviceUrl: PgColumn;
  username: PgColumn;
}

/** The owner's rows of `table`, narrowed further by `more`. */
export function ownedBy(table: OwnedTable, owner: Owner, ...more: (SQL | undefined)[]): SQL {
  return and(eq(table.serviceUrl, owner.serviceUrl), eq(table.username, owner.username), ...more)!;
}
