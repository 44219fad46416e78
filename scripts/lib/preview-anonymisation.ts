import { randomBytes } from 'node:crypto';
import type { Database, Statement } from '../../src/server/db/database.ts';

/**
 * What a deploy preview's database keeps of production's: no real person's data.
 * Every table of the public schema is listed here, and every column of a table that holds people's
 * data is either kept (ids, dates, states, choices from lists) or replaced by a fake value; a
 * table or column missing from this list stops the run before anything changes, so a migration
 * that adds personal data cannot reach previews unnoticed: classify it here in the same change.
 */

const fake = {
  name: `'Persona ' || upper(substr(md5(random()::text), 1, 6))`,
  surname: `'De Prueba'`,
  // A reserved domain (RFC 2606): no mail a preview sends reaches anyone; unique per row.
  email: `'persona-' || substr(md5(random()::text), 1, 16) || '@example.com'`,
  phone: `'+56 9 0000 0000'`,
  rut: `'11.111.111-1'`,
  address: `'Calle de Prueba 123'`,
  text: `'Texto de prueba: el original no se copia a las vistas previas.'`,
  // Tokens and their hashes: random, so none matches what anyone holds; unique per row.
  token: `md5(random()::text) || md5(random()::text)`,
};
/** A nullable or optional column keeps "not given" (NULL or empty) and loses its value. */
const ifGiven = (column: string, value: string) =>
  `CASE WHEN ${column} IS NULL OR ${column} = '' THEN ${column} ELSE ${value} END`;

const KEEP = 'keep';
type Columns = Record<string, string>;

interface TableRule {
  /** Rows deleted before anything else: all of them, or those matching a condition. */
  delete?: true | string;
  /** Each column: KEEP or the SQL expression of its fake value. */
  columns?: Columns;
}

/** Tables without any person's data: the site's public content and its operation. */
const PUBLIC_TABLES = [
  'documents',
  'reports',
  'education_documents',
  'case_settings',
  'case_digests',
  'rights_digests',
  'denuncia_reminders',
  'outage_towns',
  'outages',
  'outage_updates',
  'outage_supply_points',
  'outage_notices',
  'advisories',
  'advisory_towns',
  'advisory_supply_points',
  'advisory_updates',
  'advisory_notices',
  'preview_anonymisation',
  'database_identity',
];

const keep = (...columns: string[]): Columns => Object.fromEntries(columns.map((column) => [column, KEEP]));

export const TABLES: Record<string, TableRule> = {
  ...Object.fromEntries(PUBLIC_TABLES.map((table) => [table, {}])),
  // Unsent mail would go out from the preview, to real people, under production's idempotency keys.
  outbox: {
    delete: `status <> 'sent'`,
    columns: {
      ...keep('id', 'reference', 'status', 'attempts', 'next_attempt_at', 'created_at', 'sent_at', 'problem'),
      ...keep('attachment_upload_id', 'redacted_at', 'context', 'batch_id', 'channel'),
      ...keep('provider_id', 'provider_status', 'provider_status_at'),
      recipient: `CASE WHEN channel = 'email' THEN ${fake.email} ELSE ${fake.phone} END`,
      reply_to: ifGiven('reply_to', fake.email),
      subject: `'Correo de prueba'`,
      body: fake.text,
      last_error: 'NULL',
      // A production subscriber's one-click unsubscription: no preview needs it.
      list_unsubscribe: 'NULL',
    },
  },
  contact_messages: {
    columns: {
      ...keep('id', 'reference', 'city', 'created_at'),
      name: fake.name,
      surname: fake.surname,
      email: fake.email,
      phone: ifGiven('phone', fake.phone),
      address: ifGiven('address', fake.address),
      reqs: fake.text,
    },
  },
  complaints: {
    columns: {
      ...keep('id', 'reference', 'city', 'created_at'),
      name: fake.name,
      surname: fake.surname,
      email: fake.email,
      phone: ifGiven('phone', fake.phone),
      address: fake.address,
      client_number: ifGiven('client_number', `'100001'`),
      complaint_details: fake.text,
    },
  },
  // Files people sent (CVs, denuncia evidence, billing exports): the preview's store never has their
  // bytes (uploads/store.ts); their names and hashes go, and their ids are replaced (rekeyUploads).
  // Files staff published for the public pages keep all of it.
  uploads: {
    columns: {
      ...keep('id', 'purpose', 'status', 'content_type', 'created_at', 'bytes_deleted_at', 'pool_day'),
      // A denuncia file's size is sealed with production's key: it becomes a readable fake (0),
      // which the hourly clean-up seals again with the preview's own key, as a row from before 0031.
      declared_size: `CASE WHEN purpose = 'publication' THEN declared_size ELSE coalesce(declared_size, 0) END`,
      sealed_size: `CASE WHEN purpose = 'publication' THEN sealed_size END`,
      file_name: `CASE WHEN purpose = 'publication' THEN file_name ELSE 'archivo-de-prueba' END`,
      sha256: `CASE WHEN purpose = 'publication' THEN sha256 END`,
      chunk_sha256: `CASE WHEN purpose = 'publication' THEN chunk_sha256 ELSE '{}' END`,
      // Where each chunk's bytes were stored, under the upload's old id: not in the preview's store.
      chunk_keys: `CASE WHEN purpose = 'publication' THEN chunk_keys ELSE '{}' END`,
    },
  },
  job_applications: {
    columns: {
      ...keep('id', 'reference', 'cv_upload_id', 'created_at'),
      name: fake.name,
      email: fake.email,
      rut: fake.rut,
      address: ifGiven('address', fake.address),
    },
  },
  // What the reporter wrote is sealed with production's key, which a preview never has: replaced by
  // readable fakes (`sealed` false, as a row from before sealing is read). The choices stay.
  denuncias: {
    columns: {
      ...keep('id', 'reference', 'relation', 'place', 'type', 'duration', 'knowledge', 'can_identify', 'cover_up'),
      ...keep('told_authority', 'attachment_upload_id', 'created_at', 'status', 'notify_reporter'),
      ...keep('acknowledged_at', 'closed_at', 'updated_at'),
      relation_other: ifGiven('relation_other', fake.text),
      place_other: ifGiven('place_other', fake.text),
      first_name: ifGiven('first_name', fake.name),
      last_name: ifGiven('last_name', fake.surname),
      phone: ifGiven('phone', fake.phone),
      contact_time: ifGiven('contact_time', `'Mañana'`),
      email: ifGiven('email', fake.email),
      incident_date: ifGiven('incident_date', `'2025-01-01'`),
      incident_place: ifGiven('incident_place', fake.address),
      knowledge_other: ifGiven('knowledge_other', fake.text),
      narrative: fake.text,
      sealed: 'false',
      receipt_hash: ifGiven('receipt_hash', fake.token),
    },
  },
  // Sealed bodies bound to their denuncia: no readable fake can replace them without the key.
  denuncia_messages: { delete: true },
  motorhome_registrations: {
    columns: {
      ...keep('id', 'reference', 'nationality_id', 'country_id', 'region_id', 'city_id', 'nationality', 'country'),
      ...keep('region', 'city', 'accepted_terms_at', 'created_at'),
      name: fake.name,
      surname: fake.surname,
      rut: fake.rut,
      email: fake.email,
      phone: fake.phone,
      address: fake.address,
    },
  },
  // Service numbers stay (the billing system's, not a person's once the address is gone), so /boleta
  // and /pago can be tried on a preview; the installation's address and the bill's link go, and so
  // do the holder's RUT and contact data (a warning a preview mails reaches a reserved domain).
  // The previous bill's amount and days stay with the balance: amounts, not a person.
  accounts: {
    columns: {
      ...keep(
        'service_number',
        'balance',
        'expiration_date',
        'updated_at',
        'locality',
        'previous_bill_amount',
        'previous_bill_days',
      ),
      install_address: fake.address,
      doc_url: 'NULL',
      // Normalised as the import writes it (the column's check): one fake holder for every account.
      holder_rut: ifGiven('holder_rut', `'11111111-1'`),
      contact_email: ifGiven('contact_email', fake.email),
      contact_phone: ifGiven('contact_phone', fake.phone),
    },
  },
  // The readings show when a home stands empty and the charges are a household's finances; kept,
  // they would answer /consumo on a preview for a real service number and the one fake holder RUT
  // above. No fake history replaces them: a preview shows Mi consumo with the demo seed's.
  consumption_periods: { delete: true },
  bills: {
    columns: {
      ...keep('id', 'service_number', 'amount', 'billing_type', 'payment_method', 'status', 'buy_order', 'session_id'),
      ...keep('created_at', 'paid_at', 'claimed_at', 'refund_attempts', 'next_refund_at', 'webpay_error'),
      email: fake.email,
      company: ifGiven('company', `'Empresa de Prueba'`),
      rut: ifGiven('rut', fake.rut),
      activity: ifGiven('activity', `'Giro de prueba'`),
      billing_address: ifGiven('billing_address', fake.address),
      billing_commune: ifGiven('billing_commune', `'Coyhaique'`),
      billing_city: ifGiven('billing_city', `'Coyhaique'`),
      token: ifGiven('token', fake.token),
      // Webpay's answers are kept without the card number (payments/webpay-answers.ts).
      ...keep('person_reason', 'person_since', 'webpay_answers', 'settlement', 'settled_at'),
      settlement_note: ifGiven('settlement_note', fake.text),
      settled_by: ifGiven('settled_by', fake.email),
    },
  },
  tbk_payments: {
    columns: {
      ...keep('id', 'bill_id', 'status', 'response_code', 'amount', 'buy_order', 'payment_type_code'),
      ...keep('transaction_date', 'installments_number', 'created_at'),
      authorization_code: ifGiven('authorization_code', `'000000'`),
      card_number: ifGiven('card_number', `'0000'`),
    },
  },
  // Staff are people too, and their password hashes must not be tried in a preview: no account
  // stays. A preview's first administrator is created with the bootstrap (docs/guides/deploy.md).
  admins: { delete: true },
  login_failures: { delete: true },
  follow_up_failures: { delete: true },
  // Staff's second factors, sign-ins and invitations go with the staff accounts.
  admin_recovery_codes: { delete: true },
  admin_sessions: { delete: true },
  sign_in_challenges: { delete: true },
  admin_invitations: { delete: true },
  // Hashes of the mailboxes acknowledged today: deleted. The outbox's pace row holds no one's data.
  mail_acknowledgements: { delete: true },
  provider_pace: {},
  // The provider's ids of texts received: no phone, no words.
  phone_inbound: {},
  phone_alert_settings: {},
  phone_send_lease: {},
  // Numbers, and a preview alerts no phone.
  phone_opt_outs: { delete: true },
  outage_water_reports: {
    columns: { ...keep('outage_id', 'town', 'reported_at', 'answered_at'), phone_hash: fake.token },
  },
  receipt_failures: { delete: true },
  upload_usage: { delete: true },
  upload_quota_days: { delete: true },
  audit_log: {
    columns: {
      ...keep('id', 'created_at', 'admin_id', 'action', 'entity', 'entity_id'),
      admin_email: fake.email,
      summary: `'Registro de prueba'`,
    },
  },
  compliance_trail: {
    columns: {
      ...keep('id', 'admin_id', 'action', 'denuncia_reference', 'created_at'),
      admin_email: fake.email,
      summary: `'Registro de prueba'`,
    },
  },
  cases: {
    columns: {
      ...keep('id', 'kind', 'reference', 'status', 'locality', 'received_at', 'due_on', 'assignee_id'),
      ...keep('answered_at', 'closed_at', 'updated_at'),
      citizen_name: fake.name,
      citizen_email: fake.email,
    },
  },
  case_entries: {
    columns: {
      ...keep('id', 'case_id', 'kind', 'admin_id', 'created_at'),
      body: fake.text,
      admin_name: fake.name,
    },
  },
  rights_requests: {
    columns: {
      ...keep('id', 'reference', 'type', 'confirm_expires_at', 'email_confirmed_at', 'created_at'),
      ...keep('proof_requested_at', 'proof_received_at', 'extended_at'),
      name: fake.name,
      email: fake.email,
      rut: ifGiven('rut', fake.rut),
      // Replaced as a complaint's client number is: with the rest, it would point at one person.
      service_number: ifGiven('service_number', `'100001'`),
      details: fake.text,
      confirm_token_hash: ifGiven('confirm_token_hash', fake.token),
      proof_requested: ifGiven('proof_requested', fake.text),
      proof_received: ifGiven('proof_received', fake.text),
      extension_reason: ifGiven('extension_reason', fake.text),
    },
  },
  // A person's data itself, in production's store: a preview has its own store, without them.
  rights_exports: { delete: true },
  rights_inclusions: {
    columns: { ...keep('request_id', 'source', 'record_id', 'admin_id', 'created_at'), admin_name: fake.name },
  },
  data_blocks: {
    columns: {
      ...keep('id', 'reference', 'kind', 'created_at'),
      email: ifGiven('email', fake.email),
      rut: ifGiven('rut', fake.rut),
      service_number: ifGiven('service_number', `'100001'`),
    },
  },
  outage_subscriptions: {
    // A preview has no phone to alert: a fake number would be someone's.
    delete: 'phone IS NOT NULL',
    columns: {
      ...keep('id', 'towns', 'confirmed_at', 'created_at', 'change_towns', 'change_requested_at', 'channel', 'source'),
      ...keep('phone', 'change_channel'),
      email: fake.email,
      confirm_token_hash: fake.token,
      unsubscribe_token_hash: fake.token,
      code_hash: 'NULL',
      code_expires_at: 'NULL',
      change_token_hash: ifGiven('change_token_hash', fake.token),
      change_discard_token_hash: ifGiven('change_discard_token_hash', fake.token),
    },
  },
  outage_alerts: {
    columns: {
      ...keep('notice_id', 'subscription_id', 'queued_at'),
      unsubscribe_token_hash: ifGiven('unsubscribe_token_hash', fake.token),
    },
  },
  advisory_alerts: {
    columns: {
      ...keep('notice_id', 'subscription_id', 'queued_at'),
      unsubscribe_token_hash: ifGiven('unsubscribe_token_hash', fake.token),
    },
  },
  // The warnings of high consumption keep what was compared and why a mail did not go (Cuentas
  // shows them on a preview); the address and the opt-out link's hash go.
  consumption_warnings: {
    columns: {
      ...keep('service_number', 'period', 'consumption_m3', 'average_m3', 'readings', 'email_not_sent', 'warned_at'),
      email: ifGiven('email', fake.email),
      opt_out_token_hash: ifGiven('opt_out_token_hash', fake.token),
    },
  },
  consumption_warning_opt_outs: { columns: keep('service_number', 'opted_out_at') },
};

/** What the database holds that the list above does not classify: nothing, or the run stops. */
export function unclassified(columns: { table: string; column: string }[]): string[] {
  const missing = new Set<string>();
  for (const { table, column } of columns) {
    const rule = TABLES[table];
    if (!rule) missing.add(`table ${table}`);
    else if (rule.columns && !(column in rule.columns)) missing.add(`column ${table}.${column}`);
  }
  return [...missing];
}

/**
 * The files people sent get new ids (a CV's id is its file's key in the blob store): a copy of
 * each row under an id derived from the old one with a secret of this run, every reference moved
 * to it, the old row deleted. `references` are the columns with a foreign key to uploads(id).
 */
function rekeyUploads(columns: string[], references: { table: string; column: string }[]): Statement[] {
  const salt = randomBytes(16).toString('hex');
  const newId = (column: string) => `md5($1 || ${column}::text)::uuid`;
  const copied = (column: string) => `EXISTS (SELECT 1 FROM uploads n WHERE n.id = ${newId(column)})`;
  const others = columns.filter((column) => column !== 'id').map((column) => `"${column}"`);
  return [
    {
      text: `INSERT INTO uploads (id, ${others.join(', ')})
             SELECT ${newId('id')}, ${others.join(', ')} FROM uploads WHERE purpose <> 'publication'`,
      params: [salt],
    },
    ...references.map(({ table, column }) => ({
      text: `UPDATE "${table}" SET "${column}" = ${newId(`"${column}"`)} WHERE ${copied(`"${column}"`)}`,
      params: [salt],
    })),
    { text: `DELETE FROM uploads o WHERE ${copied('o.id')}`, params: [salt] },
  ];
}

export type AnonymisationOutcome =
  { kind: 'done' } | { kind: 'already-done'; at: string } | { kind: 'unclassified'; missing: string[] };

/**
 * Replaces every person's data in `db` with fake values and deletes unsent mail, in one
 * transaction, unless this database was done already (preview_anonymisation). Running it again
 * changes nothing a person could be found by: every value it writes is fake.
 */
export async function anonymise(db: Database, fingerprint: string): Promise<AnonymisationOutcome> {
  const columns = await db.query<{ table: string; column: string }>(
    `SELECT c.table_name AS "table", c.column_name AS "column"
       FROM information_schema.columns c JOIN information_schema.tables t USING (table_schema, table_name)
      WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE' ORDER BY c.table_name, c.ordinal_position`,
  );
  const missing = unclassified(columns);
  if (missing.length > 0) return { kind: 'unclassified', missing };

  const present = new Set(columns.map(({ table }) => table));
  const marker = present.has('preview_anonymisation');
  if (marker) {
    const [done] = await db.query<{ at: string }>(
      'SELECT done_at::text AS at FROM preview_anonymisation WHERE database_fingerprint = $1',
      [fingerprint],
    );
    if (done) return { kind: 'already-done', at: done.at };
  }

  const references = await db.query<{ table: string; column: string }>(
    `SELECT c.conrelid::regclass::text AS "table", a.attname AS "column"
       FROM pg_constraint c JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = ANY (c.conkey)
      WHERE c.contype = 'f' AND c.confrelid = 'public.uploads'::regclass`,
  );
  const statements: Statement[] = [];
  for (const [table, rule] of Object.entries(TABLES)) {
    if (!present.has(table) || rule.delete === undefined) continue;
    statements.push({ text: `DELETE FROM "${table}"${rule.delete === true ? '' : ` WHERE ${rule.delete}`}` });
  }
  for (const [table, rule] of Object.entries(TABLES)) {
    const replaced = Object.entries(rule.columns ?? {}).filter(
      ([column, value]) => value !== KEEP && columns.some((c) => c.table === table && c.column === column),
    );
    if (!present.has(table) || replaced.length === 0) continue;
    statements.push({
      text: `UPDATE "${table}" SET ${replaced.map(([column, value]) => `"${column}" = ${value}`).join(', ')}`,
    });
  }
  if (present.has('uploads'))
    statements.push(
      ...rekeyUploads(
        columns.filter(({ table }) => table === 'uploads').map(({ column }) => column),
        references,
      ),
    );
  if (marker)
    statements.push({
      text: `INSERT INTO preview_anonymisation (database_fingerprint) VALUES ($1)
             ON CONFLICT (id) DO UPDATE SET database_fingerprint = EXCLUDED.database_fingerprint, done_at = now()`,
      params: [fingerprint],
    });
  await db.batch(statements);
  return { kind: 'done' };
}
