import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import * as previewAnonymisation from '../../netlify/functions/preview-anonymisation.ts';
import { TABLES, unclassified } from '../../scripts/lib/preview-anonymisation.ts';
import { getDatabase } from '../../src/server/db/index.ts';
import { databaseFingerprint, untilAnonymised } from '../../src/server/db/preview-gate.ts';
import { callFunction, read } from '../helpers/admin.ts';
import { startRealPostgres, type RealPostgres } from '../helpers/real-postgres.ts';

/**
 * A deploy preview's database branch, a copy of production's, keeps no real person's data, and the
 * code that removes it is production's: the preview's build hands production its branch
 * (scripts/anonymise-preview.ts), and production's POST /api/preview-anonymisation anonymises and
 * marks it. Run here as production runs it, on a PostgreSQL 17 database with every migration and
 * one row of every table that holds people's data (the branch), beside production's own; then
 * every table of the branch is dumped and searched for each original value.
 */
let pg: RealPostgres;
let production: RealPostgres;
const TOKEN = 'token-de-anonimizacion-de-vistas-previas';
beforeAll(async () => {
  pg = await startRealPostgres();
  production = await startRealPostgres();
  // Production's own database, as getDatabase() reaches it.
  process.env.NETLIFY_DB_URL = production.url;
  process.env.PREVIEW_ANONYMISATION_TOKEN = TOKEN;
}, 120_000);
afterAll(async () => {
  await getDatabase().close();
  await pg?.stop();
  await production?.stop();
});
afterEach(() => {
  delete (globalThis as { Netlify?: unknown }).Netlify;
});

/** What production answers a preview's build that hands it `url`. */
const anonymiseAt = async (url = pg.url, token = TOKEN) =>
  read(
    await callFunction(previewAnonymisation, 'POST', '/api/preview-anonymisation', {
      token,
      body: { connectionString: url },
    }),
  );

/** Every row of every table of the public schema, as JSON text. */
async function dump(): Promise<string> {
  const tables = await pg.db.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
  );
  const rows = await Promise.all(
    tables.map(({ name }) => pg.db.query<{ row: string }>(`SELECT row_to_json(t)::text AS row FROM "${name}" t`)),
  );
  return rows
    .flat()
    .map(({ row }) => row)
    .join('\n');
}

/** The people's data production would hold, each value found nowhere else. */
const original = {
  name: 'Aurelio',
  surname: 'Zapallar-Quintral',
  fullName: 'Aurelio Zapallar-Quintral',
  email: 'aurelio.zapallar@correo-real.cl',
  staffName: 'Bernardita Oyarzo-Almonacid',
  staffEmail: 'bernardita.oyarzo@aguas-real.cl',
  passwordHash: 'scrypt$original-hash-of-a-real-password',
  phone: '+56 9 8765 4321',
  rut: '15.678.901-2',
  address: 'Pasaje Los Notros 77, Villa Original',
  text: 'Relato original que identifica a una persona real',
  reply: 'Respuesta original del equipo a Aurelio',
  cvName: 'cv-aurelio-zapallar.pdf',
  cvHash: 'a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90',
  cvId: '11111111-2222-4333-8444-555555555555',
  evidenceId: '66666666-7777-4888-8999-aaaaaaaaaaaa',
  sealed: 'v1.b3JpZ2luYWwtaXY.b3JpZ2luYWwtdGFn.c2VhbGVkLW9yaWdpbmFs',
  receiptHash: 'receipt-hash-original-7f3e9a2b',
  webpayToken: '01ab6f3a0c9e7f5b2d4c6e8a0b1d3f5e7a9c1e3b5d7f9a1c3e5b7d9f1a3c5e7b',
  docUrl: 'https://facturas.aguas-real.cl/boleta/100777.pdf',
  holderRut: '15678901-2',
  contactEmail: 'aurelio.casa@correo-real.cl',
  contactPhone: '+56 9 7654 3210',
  readingDocUrl: 'https://facturas.aguas-real.cl/lecturas/100777-2026-10.pdf',
  meterReading: '7316549',
  company: 'Comercial Zapallar Limitada',
  activity: 'Venta de leña seca',
  authorization: 'AUTH-ORIG-77',
  client: 'client-hash-original-of-an-address',
  salt: 'salt-original-of-the-day',
  tokenHash: 'token-hash-original-5d41402abc4b2a76b9719d911017c592',
  unsubscribeHash: 'unsubscribe-hash-original-7d793037a0760186574b0282f2f435e7',
  alertUnsubscribeHash: 'alert-unsubscribe-original-e4da3b7fbbce2345d7772b0674a318d5',
  summary: 'Descargó el CV de Aurelio Zapallar-Quintral',
};

async function seedProduction() {
  const o = original;
  const q = (text: string, params: unknown[] = []) => pg.db.query(text, params);
  await q(
    `INSERT INTO uploads (id, purpose, file_name, declared_size, status, content_type, sha256, chunk_sha256)
     VALUES ($1, 'cv', $3, 2000, 'attached', 'application/pdf', $4, ARRAY[$4]),
            ($2, 'denuncia', $3, 2000, 'attached', 'application/pdf', $4, '{}'),
            ('99999999-9999-4999-8999-999999999999', 'publication', 'memoria-2024.pdf', 2000, 'attached', 'application/pdf', NULL, '{}')`,
    [o.cvId, o.evidenceId, o.cvName, o.cvHash],
  );
  await q(
    `INSERT INTO outbox (reference, recipient, reply_to, subject, body, status, sent_at, attachment_upload_id)
     VALUES ('EMP-SENT0001', $1, $1, $2, $3, 'sent', now(), $4), ('MEN-UNSENT01', $1, $1, $2, $3, 'pending', NULL, NULL)`,
    [o.email, `Hola, ${o.fullName}`, o.text, o.cvId],
  );
  await q(
    `INSERT INTO contact_messages (reference, name, surname, email, phone, address, city, reqs)
     VALUES ('MEN-AAAAAAAA', $1, $2, $3, $4, $5, 'Coyhaique', $6)`,
    [o.name, o.surname, o.email, o.phone, o.address, o.text],
  );
  await q(
    `INSERT INTO complaints (reference, name, surname, email, phone, address, city, client_number, complaint_details)
     VALUES ('REC-AAAAAAAA', $1, $2, $3, $4, $5, 'Coyhaique', '100777', $6)`,
    [o.name, o.surname, o.email, o.phone, o.address, o.text],
  );
  await q(
    `INSERT INTO job_applications (reference, name, email, rut, address, cv_upload_id)
     VALUES ('EMP-AAAAAAAA', $1, $2, $3, $4, $5)`,
    [o.fullName, o.email, o.rut, o.address, o.cvId],
  );
  await q(
    `INSERT INTO denuncias (reference, relation, relation_other, place, place_other, type, first_name, last_name, phone,
       contact_time, email, incident_date, duration, incident_place, knowledge, knowledge_other, can_identify, cover_up,
       told_authority, narrative, attachment_upload_id, sealed, receipt_hash)
     VALUES ('DEN-AAAAAAAA', 'Cliente', $1, 'Recintos', $1, 'Consultas', $1, $1, $1, $1, $1, $1, 'Días', $1, 'Directo',
       $1, 'Sí', 'No', 'No', $1, $2, true, $3)`,
    [o.sealed, o.evidenceId, o.receiptHash],
  );
  await q(
    `INSERT INTO motorhome_registrations (reference, name, surname, rut, email, phone, nationality_id, country_id,
       region_id, city_id, nationality, country, region, city, address)
     VALUES ('MOT-AAAAAAAA', $1, $2, $3, $4, $5, 43, 43, 728, 11111, 'Chilena', 'Chile', 'Aysén', 'Coyhaique', $6)`,
    [o.name, o.surname, o.rut, o.email, o.phone, o.address],
  );
  await q(
    `INSERT INTO accounts (service_number, balance, install_address, doc_url, locality, holder_rut, contact_email,
       contact_phone)
     VALUES ('100777', 18990, $1, $2, 'coyhaique', $3, $4, $5)`,
    [o.address, o.docUrl, o.holderRut, o.contactEmail, o.contactPhone],
  );
  await q(
    `INSERT INTO consumption_periods (service_number, period, read_from, read_to, reading_from, reading_to,
       consumption_m3, reading_type, overconsumption_m3, fixed_charge, water_charge, sewer_charge, treatment_charge,
       overconsumption_charge, subsidy_amount, agreement_instalment, other_charges, compensation, total, due_date,
       doc_url)
     VALUES ('100777', '2026-10', '2026-09-15', '2026-10-15', $1::integer - 17, $1::integer, 17, 'real', 0,
       1200, 9000, 5000, 3790, 0, 0, 0, 0, 0, 18990, '2026-11-05', $2)`,
    [o.meterReading, o.readingDocUrl],
  );
  const [bill] = await q(
    `INSERT INTO bills (service_number, amount, email, billing_type, company, rut, activity, billing_address,
       billing_commune, billing_city, payment_method, status, buy_order, session_id, token)
     VALUES ('100777', 18990, $1, 'factura', $2, $3, $4, $5, 'Villa Original Sur', 'Ciudad Original Norte',
       'webpay-plus', 'paid', 'O-77', 'S-77', $6) RETURNING id`,
    [o.email, o.company, o.rut, o.activity, o.address, o.webpayToken],
  );
  await q(
    `INSERT INTO tbk_payments (bill_id, status, response_code, amount, buy_order, authorization_code, card_number)
     VALUES ($1, 'AUTHORIZED', 0, 18990, 'O-77', $2, '9731')`,
    [(bill as { id: string }).id, o.authorization],
  );
  const [admin] = await q(
    `INSERT INTO admins (name, email, password_hash, roles) VALUES ($1, $2, $3, ARRAY['administrador', 'cumplimiento'])
     RETURNING id`,
    [o.staffName, o.staffEmail, o.passwordHash],
  );
  const adminId = (admin as { id: string }).id;
  await q(`INSERT INTO login_failures (client) VALUES ($1)`, [o.client]);
  await q(
    `INSERT INTO sign_in_challenges (id, admin_id, client, expires_at) VALUES (gen_random_uuid(), $1, $2, now())`,
    [adminId, o.client],
  );
  await q(
    `INSERT INTO audit_log (admin_id, admin_email, action, entity, entity_id, summary)
     VALUES ($1, $2, 'view', 'case', 'REC-AAAAAAAA', $3)`,
    [adminId, o.staffEmail, o.summary],
  );
  await q(
    `INSERT INTO compliance_trail (admin_id, admin_email, action, denuncia_reference, summary)
     VALUES ($1, $2, 'download', 'DEN-AAAAAAAA', $3)`,
    [adminId, o.staffEmail, o.summary],
  );
  const [theCase] = await q(
    `INSERT INTO cases (kind, reference, citizen_name, citizen_email, locality, assignee_id)
     VALUES ('reclamo', 'REC-AAAAAAAA', $1, $2, 'Coyhaique', $3) RETURNING id`,
    [o.fullName, o.email, adminId],
  );
  await q(`INSERT INTO case_entries (case_id, kind, body, admin_id, admin_name) VALUES ($1, 'reply', $2, $3, $4)`, [
    (theCase as { id: string }).id,
    o.reply,
    adminId,
    o.staffName,
  ]);
  await q(`INSERT INTO follow_up_failures (client) VALUES ($1)`, [o.client]);
  await q(`INSERT INTO receipt_failures (client) VALUES ($1)`, [o.client]);
  await q(
    `INSERT INTO denuncia_messages (denuncia_id, author, body, attachment_upload_id, admin_id, admin_name)
     SELECT id, 'compliance', $1, $2, $3, $4 FROM denuncias WHERE reference = 'DEN-AAAAAAAA'`,
    [o.sealed, o.evidenceId, adminId, o.staffName],
  );
  await q(`INSERT INTO upload_quota_days (day, salt) VALUES (current_date, $1)`, [o.salt]);
  await q(`INSERT INTO upload_usage (day, client, bytes) VALUES (current_date, $1, 2000)`, [o.client]);
  const [subscription] = await q(
    `INSERT INTO outage_subscriptions (email, towns, confirm_token_hash, unsubscribe_token_hash, confirmed_at)
     VALUES ($1, ARRAY['coyhaique'], $2, $3, now()) RETURNING id`,
    [o.email, o.tokenHash, o.unsubscribeHash],
  );
  const [outage] = await q(
    `INSERT INTO outages (kind, town, sectors, starts_at, ends_at, status)
     VALUES ('programado', 'coyhaique', 'Centro', now(), now() + interval '2 hours', 'publicado') RETURNING id`,
  );
  const [notice] = await q(`INSERT INTO outage_notices (outage_id, kind) VALUES ($1, 'published') RETURNING id`, [
    (outage as { id: string }).id,
  ]);
  await q(`INSERT INTO outage_alerts (notice_id, subscription_id, unsubscribe_token_hash) VALUES ($1, $2, $3)`, [
    (notice as { id: string }).id,
    (subscription as { id: string }).id,
    o.alertUnsubscribeHash,
  ]);
  const [request] = await q(
    `INSERT INTO rights_requests (reference, type, name, email, rut, service_number, details, confirm_token_hash,
       confirm_expires_at, proof_requested, proof_received, extension_reason)
     VALUES ('DER-AAAAAAAA', 'acceso', $1, $2, $3, '100777', $4, $5, now() + interval '7 days', $4, $4, $4) RETURNING id`,
    [o.fullName, o.email, o.rut, o.text, o.tokenHash],
  );
  await q(
    `INSERT INTO rights_exports (request_id, token_hash, file_name, size, expires_at)
     VALUES ($1, $2, 'datos.zip', 10, now() + interval '7 days')`,
    [(request as { id: string }).id, o.unsubscribeHash],
  );
  await q(
    `INSERT INTO data_blocks (reference, kind, email, rut, service_number) VALUES ('DER-AAAAAAAA', 'bloqueo', $1, $2, '100777')`,
    [o.email, o.rut],
  );
}

describe("production's POST /api/preview-anonymisation", () => {
  it('refuses anywhere but the production deploy, a wrong token, and production’s own database, changing nothing', async () => {
    await seedProduction();
    await production.db.query(
      `INSERT INTO contact_messages (reference, name, surname, email, phone, address, city, reqs)
       VALUES ('CON-PRODPROD', 'Aurelio', 'Zapallar', $1, '', '', 'Coyhaique', 'Mensaje de producción')`,
      [original.email],
    );
    const before = await dump();
    const ownBefore = await production.db.query('SELECT * FROM contact_messages');

    expect((await anonymiseAt(pg.url, 'otro-token')).status).toBe(403);
    vi.stubEnv('PREVIEW_ANONYMISATION_TOKEN', '');
    expect((await anonymiseAt()).status).toBe(403);
    vi.unstubAllEnvs();
    expect((await anonymiseAt(pg.url, '')).status).toBe(401);
    // Production's own database under its own address: refused whatever the address looks like.
    const own = await anonymiseAt(production.url);
    expect(own).toMatchObject({
      status: 409,
      body: { error: 'Esa base de datos es la de producción: no se anonimiza.' },
    });
    expect(await production.db.query('SELECT * FROM contact_messages')).toEqual(ownBefore);
    // A preview's (or a branch deploy's) own copy of this function never anonymises anything.
    vi.stubEnv('APP_MODE', 'production');
    for (const context of ['deploy-preview', 'branch-deploy']) {
      (globalThis as { Netlify?: unknown }).Netlify = { context: { deploy: { context } } };
      expect((await anonymiseAt()).status).toBe(404);
    }
    vi.unstubAllEnvs();
    expect(await dump()).toBe(before);
  });

  it('refuses a database holding a table it does not classify, changing nothing', async () => {
    await pg.db.query(`CREATE TABLE newsletter_readers (email text NOT NULL)`);
    await pg.db.query(`INSERT INTO newsletter_readers VALUES ($1)`, [original.email]);
    const before = await dump();
    const { status, body } = await anonymiseAt();
    expect(status).toBe(200);
    expect(body.data.outcome).toEqual({
      kind: 'unclassified',
      missing: expect.arrayContaining(['table newsletter_readers']),
    });
    expect(await dump()).toBe(before);
    await pg.db.query('DROP TABLE newsletter_readers');
  });

  it('until production marked the branch, every statement of the preview is refused (503)', async () => {
    await expect(untilAnonymised(pg.db, pg.url).query('SELECT 1')).rejects.toThrow(/not anonymised yet/);
  });

  it("leaves no original value anywhere in the preview's database, and marks it", async () => {
    const { status, body } = await anonymiseAt();
    expect({ status, outcome: body.data.outcome }).toEqual({ status: 200, outcome: { kind: 'done' } });
    const after = await dump();
    for (const [what, value] of Object.entries(original)) {
      expect(after.includes(value), `${what} (${value}) is still in the database`).toBe(false);
    }
    expect(after).not.toContain('"card_number":"9731"');
    expect(after).not.toContain('"client_number":"100777"');
    // A home's readings and charges: none stays, not even without its person.
    expect(await pg.db.query('SELECT 1 FROM consumption_periods')).toEqual([]);
    expect(await pg.db.query(`SELECT holder_rut, contact_phone FROM accounts`)).toEqual([
      { holder_rut: '11111111-1', contact_phone: '+56 9 0000 0000' },
    ]);
    expect(await pg.db.query('SELECT database_fingerprint FROM preview_anonymisation')).toEqual([
      { database_fingerprint: databaseFingerprint(pg.url) },
    ]);
    expect(await untilAnonymised(pg.db, pg.url).query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
    // Production's own data stays.
    expect(await production.db.query(`SELECT email FROM contact_messages WHERE reference = 'CON-PRODPROD'`)).toEqual([
      { email: original.email },
    ]);
  });

  it('deletes unsent mail and every staff account, and keeps the references between what stays', async () => {
    expect(await pg.db.query(`SELECT reference FROM outbox ORDER BY id`)).toEqual([{ reference: 'EMP-SENT0001' }]);
    expect(await pg.db.query('SELECT 1 FROM admins')).toEqual([]);
    expect(await pg.db.query('SELECT 1 FROM denuncia_messages')).toEqual([]);
    // Every file reference still points at a file row, under a new id; staff's published file is untouched.
    expect(
      await pg.db.query(
        `SELECT u.purpose, u.file_name FROM job_applications a JOIN uploads u ON u.id = a.cv_upload_id
         UNION ALL SELECT u.purpose, u.file_name FROM denuncias d JOIN uploads u ON u.id = d.attachment_upload_id
         UNION ALL SELECT u.purpose, u.file_name FROM outbox o JOIN uploads u ON u.id = o.attachment_upload_id`,
      ),
    ).toEqual([
      { purpose: 'cv', file_name: 'archivo-de-prueba' },
      { purpose: 'denuncia', file_name: 'archivo-de-prueba' },
      { purpose: 'cv', file_name: 'archivo-de-prueba' },
    ]);
    expect(await pg.db.query(`SELECT id, file_name FROM uploads WHERE purpose = 'publication'`)).toEqual([
      { id: '99999999-9999-4999-8999-999999999999', file_name: 'memoria-2024.pdf' },
    ]);
    // A denuncia reads as a row from before sealing: readable fakes, the choices kept.
    expect(
      await pg.db.query(`SELECT sealed, relation, narrative FROM denuncias WHERE reference = 'DEN-AAAAAAAA'`),
    ).toEqual([
      {
        sealed: false,
        relation: 'Cliente',
        narrative: 'Texto de prueba: el original no se copia a las vistas previas.',
      },
    ]);
  });

  it('runs once per database branch: the next build of the same preview changes nothing', async () => {
    const before = await dump();
    const { body } = await anonymiseAt();
    expect(body.data.outcome).toEqual({ kind: 'already-done', at: expect.any(String) });
    expect(await dump()).toBe(before);
  });

  it('runs again on a branch forked from one already done (the row names another database)', async () => {
    await pg.db.query(`UPDATE preview_anonymisation SET database_fingerprint = 'another-database'`);
    await pg.db.query(`INSERT INTO outbox (reference, recipient, subject, body) VALUES ('X', $1, 's', 'b')`, [
      original.email,
    ]);
    await expect(untilAnonymised(pg.db, pg.url).query('SELECT 1')).rejects.toThrow(/not anonymised yet/);
    expect((await anonymiseAt()).body.data.outcome).toEqual({ kind: 'done' });
    expect(await dump()).not.toContain(original.email);
  });
});

describe('the classification', () => {
  it('covers every table and column the migrations create', async () => {
    const columns = await pg.db.query<{ table: string; column: string }>(
      `SELECT c.table_name AS "table", c.column_name AS "column"
         FROM information_schema.columns c JOIN information_schema.tables t USING (table_schema, table_name)
        WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'`,
    );
    expect(unclassified(columns)).toEqual([]);
    // …and names nothing that no migration creates (a typo would keep a column unreplaced).
    for (const [table, rule] of Object.entries(TABLES))
      for (const column of Object.keys(rule.columns ?? {}))
        expect(columns, `${table}.${column}`).toContainEqual({ table, column });
  });
});
