import type { Database, Statement } from './database.ts';

/**
 * A database opened by its first statement: `open` runs then, once. One that fails (a setting
 * missing) is tried again by the next statement, as the driver itself would have been.
 */
export function lazyDatabase(open: () => Promise<Database>): Database {
  let opened: Promise<Database> | undefined;
  const db = () => {
    opened ??= open().catch((error: unknown) => {
      opened = undefined;
      throw error;
    });
    return opened;
  };
  return {
    query: async <Row>(text: string, params?: unknown[]) => (await db()).query<Row>(text, params),
    batch: async (statements: Statement[]) => (await db()).batch(statements),
    async close() {
      const open = opened;
      opened = undefined;
      if (open) await (await open.catch(() => undefined))?.close();
    },
  };
}
