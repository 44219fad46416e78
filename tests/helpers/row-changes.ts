import type { Database } from '../../src/server/db/index.ts';

/**
 * How many rows each table has gained or lost since `rowChangeCounter` was installed, read in one
 * cheap query however many tables there are. Counting every table's rows after each fuzzed request
 * took half of the fuzz's time (3.4 ms of 7 for a request); instead a statement trigger on each
 * table records how many rows it inserted or deleted, in the statement's own transaction (a
 * rolled-back write records nothing), and each read takes the records it finds.
 *
 * `leftOut` names the tables whose rows are not counted: with `rows`, a condition on the row (SQL)
 * for the rows left out of the count; without, the whole table.
 */
export interface RowChanges {
  /** Each counted table's rows gained (or lost, below 0) since the counter was installed. */
  read(): Promise<Record<string, number>>;
  /**
   * Empties the tables that were empty when the counter was installed and have gained rows since,
   * and answers their names: the fuzz's valid requests write thousands of rows, which made the
   * routes that read them (/indicadores aggregates a year of reclamos) slower at each route until a
   * long run stopped for good. A table that rows of the start still reference stays as it is.
   */
  clearNewRows(): Promise<string[]>;
}

export async function rowChangeCounter(db: Database, leftOut: Record<string, { rows?: string }>): Promise<RowChanges> {
  const allTables = (
    await db.query<{ name: string }>(
      `SELECT table_name AS name FROM information_schema.tables
       WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
    )
  ).map(({ name }) => name);
  const tables = allTables.filter((name) => !leftOut[name] || leftOut[name].rows);
  const emptyAtStart = new Set<string>();
  for (const name of allTables) {
    const [row] = await db.query<{ some: boolean }>(`SELECT EXISTS (SELECT FROM "${name}") AS some`);
    if (row?.some === false) emptyAtStart.add(name);
  }
  const references = await db.query<{ referencing: string; referenced: string }>(
    `SELECT conrelid::regclass::text AS referencing, confrelid::regclass::text AS referenced
       FROM pg_constraint WHERE contype = 'f' AND connamespace = 'public'::regnamespace`,
  );
  // The condition reaches the function as the trigger's argument, so one function serves every
  // table; EXECUTE sees the statement's transition table as a plain query would.
  await db.query(`
    CREATE TABLE row_changes (id bigserial PRIMARY KEY, name text NOT NULL, delta bigint NOT NULL);
    CREATE FUNCTION record_row_changes() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      n bigint;
    BEGIN
      IF TG_NARGS > 0 THEN
        EXECUTE format('SELECT count(*) FROM changed_rows WHERE NOT (%s)', TG_ARGV[0]) INTO n;
      ELSE
        SELECT count(*) INTO n FROM changed_rows;
      END IF;
      IF n > 0 THEN
        INSERT INTO row_changes (name, delta) VALUES (TG_TABLE_NAME, CASE TG_OP WHEN 'INSERT' THEN n ELSE -n END);
      END IF;
      RETURN NULL;
    END $$;
  `);
  for (const name of tables) {
    const condition = leftOut[name]?.rows;
    const argument = condition ? `'${condition.replaceAll("'", "''")}'` : '';
    await db.query(`
      CREATE TRIGGER record_inserted_rows AFTER INSERT ON "${name}" REFERENCING NEW TABLE AS changed_rows
        FOR EACH STATEMENT EXECUTE FUNCTION record_row_changes(${argument});
      CREATE TRIGGER record_deleted_rows AFTER DELETE ON "${name}" REFERENCING OLD TABLE AS changed_rows
        FOR EACH STATEMENT EXECUTE FUNCTION record_row_changes(${argument});
    `);
  }
  const totals: Record<string, number> = Object.fromEntries(tables.map((name) => [name, 0]));
  const read = async () => {
    // Taken by deleting them: a record whose transaction commits after a read is found by the next.
    for (const { name, delta } of await db.query<{ name: string; delta: string }>(
      'DELETE FROM row_changes RETURNING name, delta',
    ))
      totals[name]! += Number(delta);
    return { ...totals };
  };
  const clearNewRows = async () => {
    await read();
    const grown = tables.filter((name) => emptyAtStart.has(name) && totals[name] !== 0);
    // TRUNCATE takes a table only with every table that references it, so a table is cleared
    // with all those, when they were all empty at the start too.
    const referencing = (name: string) =>
      references.filter(({ referenced }) => referenced === name).map((reference) => reference.referencing);
    const withReferencing = (name: string, seen = new Set<string>()): Set<string> | undefined => {
      if (seen.has(name)) return seen;
      if (!emptyAtStart.has(name)) return undefined;
      seen.add(name);
      return referencing(name).every((other) => withReferencing(other, seen)) ? seen : undefined;
    };
    const cleared = new Set(grown.flatMap((name) => [...(withReferencing(name) ?? [])]));
    if (cleared.size === 0) return [];
    await db.query(`TRUNCATE ${[...cleared].map((name) => `"${name}"`).join(', ')}`);
    for (const name of cleared) if (name in totals) totals[name] = 0;
    return [...cleared].sort();
  };
  return { read, clearNewRows };
}
