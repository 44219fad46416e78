/** The database port: the services see only this, never a driver. */
export interface Statement {
  text: string;
  params?: unknown[];
}

export interface Database {
  query<Row>(text: string, params?: unknown[]): Promise<Row[]>;
  /**
   * Runs the statements in one transaction and returns each one's rows. Neon's HTTP driver
   * has no interactive transactions, so a multi-step write is always a batch (design.md).
   */
  batch(statements: Statement[]): Promise<unknown[][]>;
  close(): Promise<void>;
}
