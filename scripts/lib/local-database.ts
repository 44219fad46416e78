import path from 'node:path';
import type { SQLExecutor } from '@netlify/database-dev';
import type pg from 'pg';
import { applyMigrations } from '@netlify/database-dev';
import { generatePassword, hashPassword } from '../../src/server/auth/passwords.ts';
import { sealedSeedSecret } from '../../src/server/auth/second-factor.ts';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * Local mode only: applies the migrations, then the demo data of scripts/demo-data/, each
 * file once per database (tracked with the migrations), so a local site shows real lists.
 */
export async function prepareLocalDatabase(db: SQLExecutor): Promise<void> {
  const migrations = await applyMigrations(db, path.join(root, 'netlify/database/migrations'));
  const demo = await applyMigrations(db, path.join(root, 'scripts/demo-data'));
  const applied = [...migrations, ...demo];
  if (applied.length > 0) console.log(`Database: applied ${applied.join(', ')}`);
  await seedFirstAdmin(db);
}

/**
 * Local mode's first administrator: SEED_ADMIN_EMAIL and SEED_ADMIN_PASSWORD, or a generated
 * password shown once. With SEED_ADMIN_TOTP_SECRET (base32) its second factor is that known
 * secret, already enrolled, so scripts and tests can sign in; without it, the first sign-in
 * enrols one.
 */
export async function seedFirstAdmin(db: SQLExecutor): Promise<void> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM admins');
  if (rows[0]!.n > 0) return;
  const email = process.env.SEED_ADMIN_EMAIL ?? 'admin@example.com';
  const password = process.env.SEED_ADMIN_PASSWORD ?? generatePassword();
  const {
    rows: [admin],
  } = await db.query<{ id: string }>(
    'INSERT INTO admins (name, email, password_hash) VALUES ($1, $2, $3) RETURNING id',
    ['Administrador', email.toLowerCase(), await hashPassword(password)],
  );
  const secret = await sealedSeedSecret(admin!.id);
  if (secret)
    await db.query('UPDATE admins SET totp_secret = $2, totp_enrolled_at = now() WHERE id = $1', [admin!.id, secret]);
  console.log(
    `Admin area: sign in as ${email}${process.env.SEED_ADMIN_PASSWORD ? '' : ` with the password ${password} (shown only now)`}${secret ? ', with a code of SEED_ADMIN_TOTP_SECRET' : ''}.`,
  );
}

/** A real PostgreSQL's pool as the emulation's migrations runner takes a database. */
export function poolExecutor(pool: pg.Pool): SQLExecutor {
  const executor: SQLExecutor = {
    exec: (sql) => pool.query(sql),
    query: async <T>(sql: string, params?: unknown[]) => ({ rows: (await pool.query(sql, params)).rows as T[] }),
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work({
          exec: (sql) => client.query(sql),
          query: async <T>(sql: string, params?: unknown[]) => ({
            rows: (await client.query(sql, params)).rows as T[],
          }),
        });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
  };
  return executor;
}
