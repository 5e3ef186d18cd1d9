// The one database interface the server codes against, implemented over PGlite and over pg.

export type Row = Record<string, unknown>;

export interface Queryable {
  /** One parameterised statement. */
  query<T extends Row = Row>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs fn in one transaction: committed when fn resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Calls onNotify for each NOTIFY on `channel` once its transaction commits (any process on the same
   * database); the returned function stops listening. Best effort: whoever listens also polls.
   */
  listen(channel: string, onNotify: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}
