import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addAdvisoryUpdate, liftAdvisory, publishAdvisory } from '../../src/server/advisories/lifecycle.ts';
import { createAdvisory } from '../../src/server/advisories/manage.ts';
import type { SignedInAdmin } from '../../src/server/auth/require-admin.ts';
import { createAdmin } from '../../src/server/auth/sign-in.ts';
import { queueOutageAlerts } from '../../src/server/outage-alerts/fan-out.ts';
import { AdvisoryInputSchema, restrictionLevelRules } from '../../src/shared/advisories/schema.ts';
import { outageAlertMessages } from '../../src/shared/outage-alerts/schema.ts';
import { useLocalEnvironment } from '../helpers/database.ts';
import { callSubscriptions, oneBatchRun, runScheduledAlerts } from '../helpers/outage-alerts.ts';

/**
 * Alerts of avisos: each publication, update and lift of a notice is mailed once to
 * every confirmed subscriber of any of its towns, through the alerts of cortes (fan-out.ts), with
 * an unsubscribe link of its own.
 */

const environment = useLocalEnvironment();
const db = () => environment.database.db;
const ORIGIN = 'https://www.example.cl';
let admin: SignedInAdmin;

beforeAll(async () => {
  admin = await createAdmin(db(), { name: 'Ana Admin', email: 'ana@example.com', password: 'una-clave-larga' });
});
beforeEach(async () => {
  for (const table of ['advisories', 'outage_notices', 'outages', 'outage_subscriptions', 'data_blocks', 'outbox'])
    await db().query(`DELETE FROM ${table}`);
});

/** A confirmed subscriber of `towns` (unconfirmed with `confirmed: false`); answers its id. */
async function subscriber(email: string, towns: string[], { confirmed = true } = {}): Promise<string> {
  const [row] = await db().query<{ id: string }>(
    `INSERT INTO outage_subscriptions (email, towns, confirm_token_hash, unsubscribe_token_hash, confirmed_at)
     VALUES ($1, $2, md5('c' || $1), md5('u' || $1), CASE WHEN $3 THEN now() END) RETURNING id`,
    [email, towns, confirmed],
  );
  return row!.id;
}

const boil = {
  kind: 'hervir',
  towns: ['puerto-aysen', 'puerto-chacabuco'],
  sectors: 'Población Gabriela Mistral',
  startsAt: '2026-12-03T08:00:00-03:00',
  instructions: 'Hierva el agua al menos un minuto antes de beberla o usarla para cocinar.',
  supplyPoints: [
    {
      name: 'Estanque móvil plaza',
      address: 'Plaza de Armas, Puerto Aysén',
      latitude: -45.4036,
      longitude: -72.6922,
      hours: '09:00 a 21:00',
    },
  ],
};

/** A notice staff published through the services; answers its id. */
async function publishedAdvisory(input: object = boil, at = new Date()): Promise<string> {
  const { id } = await createAdvisory(db(), admin, AdvisoryInputSchema.parse(input), at);
  await publishAdvisory(db(), admin, id, at);
  return id;
}

const noticeIds = async (advisory: string) =>
  (
    await db().query<{ id: string }>(`SELECT id::text AS id FROM advisory_notices WHERE advisory_id = $1 ORDER BY id`, [
      advisory,
    ])
  ).map((row) => row.id);

const alertMails = () =>
  db().query<{ reference: string; recipient: string; subject: string; body: string }>(
    `SELECT reference, recipient, subject, body FROM outbox WHERE reference LIKE 'AVI-%' ORDER BY id`,
  );

const unsubscribeCall = (token: string) => callSubscriptions('/api/cortes/alertas/baja', { token });

describe('the alerts of an aviso', () => {
  it('mail each confirmed subscriber of any of its towns once, and nobody else', async () => {
    await subscriber('rosa@correo.cl', ['puerto-aysen']);
    await subscriber('juan@correo.cl', ['puerto-chacabuco', 'puerto-aysen', 'coyhaique']);
    await subscriber('pedro@correo.cl', ['puerto-chacabuco']);
    await subscriber('coyhaique@correo.cl', ['coyhaique', 'cochrane']);
    await subscriber('pendiente@correo.cl', ['puerto-aysen'], { confirmed: false });
    await subscriber('Bloqueada@Correo.cl', ['puerto-aysen']);
    await db().query(
      `INSERT INTO data_blocks (reference, kind, email) VALUES ('DER-1', 'bloqueo', 'bloqueada@correo.cl')`,
    );
    const id = await publishedAdvisory();
    const [notice] = await noticeIds(id);

    expect(await queueOutageAlerts(db(), ORIGIN)).toEqual({ mails: 3, phones: 0, notices: 1 });
    expect(await queueOutageAlerts(db(), ORIGIN)).toEqual({ mails: 0, phones: 0, notices: 0 });
    const mails = await alertMails();
    expect(mails.map((mail) => mail.recipient).sort()).toEqual(['juan@correo.cl', 'pedro@correo.cl', 'rosa@correo.cl']);
    expect(new Set(mails.map((mail) => mail.reference))).toEqual(new Set([`AVI-${notice}`]));
    expect(await db().query(`SELECT 1 FROM advisory_alerts`)).toHaveLength(3);
    expect(await db().query(`SELECT done_at IS NOT NULL AS done FROM advisory_notices`)).toEqual([{ done: true }]);

    const [mail] = mails;
    expect(mail!.subject).toBe('Aviso: Hervir el agua antes de consumirla en Puerto Aysén y Puerto Chacabuco');
    for (const line of [
      'Publicamos un aviso para Puerto Aysén y Puerto Chacabuco: Hervir el agua antes de consumirla.',
      'Qué hacer:',
      boil.instructions,
      'Puntos de abastecimiento de agua:',
      '- Estanque móvil plaza, Plaza de Armas, Puerto Aysén (09:00 a 21:00)',
      'Localidades: Puerto Aysén y Puerto Chacabuco',
      'Sectores: Población Gabriela Mistral',
      'Desde: jueves, 3 de diciembre de 2026, 08:00',
      'Término esperado: sin fecha aún; le avisaremos cuando termine.',
      `${ORIGIN}/avisos/${id}`,
    ])
      expect(mail!.body.split('\n')).toContain(line);
    expect(mail!.body).toMatch(new RegExp(`\n${ORIGIN}/cortes/alertas/baja\\?token=[A-Za-z0-9_-]{43}$`));
  });

  it("of a restriction say its level's rule, and the expected end", async () => {
    await subscriber('rosa@correo.cl', ['coyhaique']);
    await publishedAdvisory({
      kind: 'restriccion',
      restrictionLevel: 3,
      towns: ['coyhaique'],
      startsAt: '2026-12-03T08:00:00-03:00',
      endsAt: '2026-12-10T20:00:00-03:00',
      instructions: 'Use el agua solo para lo esencial.',
    });
    await queueOutageAlerts(db(), ORIGIN);
    const [mail] = await alertMails();
    expect(mail!.subject).toBe('Aviso: Restricción de uso del agua (nivel 3) en Coyhaique');
    const lines = mail!.body.split('\n');
    expect(lines).toContain(restrictionLevelRules[3]);
    expect(lines).toContain('Término esperado: jueves, 10 de diciembre de 2026, 20:00');
    expect(lines.some((line) => line.startsWith('Sectores:') || line.startsWith('Puntos de'))).toBe(false);
  });

  it("carry an update's text, then the lift message, each once, in the steps' order", async () => {
    await subscriber('rosa@correo.cl', ['puerto-aysen']);
    const id = await publishedAdvisory();
    await addAdvisoryUpdate(db(), admin, id, 'Las muestras de hoy siguen con coliformes.', new Date());
    const liftMessage = 'Las muestras salieron limpias: ya puede beber el agua de la llave sin hervirla.';
    await liftAdvisory(db(), admin, id, { liftMessage }, new Date('2026-12-05T21:30:00Z'));
    const [published, update, lifted] = await noticeIds(id);

    expect(await queueOutageAlerts(db(), ORIGIN)).toEqual({ mails: 3, phones: 0, notices: 3 });
    const mails = await alertMails();
    expect(mails.map((mail) => [mail.reference, mail.subject])).toEqual([
      [`AVI-${published}`, 'Aviso: Hervir el agua antes de consumirla en Puerto Aysén y Puerto Chacabuco'],
      [`AVI-${update}`, 'Aviso: Hervir el agua antes de consumirla en Puerto Aysén y Puerto Chacabuco: actualización'],
      [`AVI-${lifted}`, 'Aviso levantado: Hervir el agua antes de consumirla en Puerto Aysén y Puerto Chacabuco'],
    ]);
    expect(mails[1]!.body).toContain(
      'Hay novedades sobre el aviso «Hervir el agua antes de consumirla» en Puerto Aysén y Puerto Chacabuco:\n\nLas muestras de hoy siguen con coliformes.',
    );
    const liftLines = mails[2]!.body.split('\n');
    expect(liftLines.slice(0, 3)).toEqual([
      'Se levantó el aviso «Hervir el agua antes de consumirla» en Puerto Aysén y Puerto Chacabuco.',
      '',
      liftMessage,
    ]);
    expect(liftLines).toContain('Levantado: sábado, 5 de diciembre de 2026, 18:30');
    expect(liftLines).toContain(`${ORIGIN}/avisos/${id}`);
    // The instructions held until the lift: its mail no longer gives them.
    expect(mails[2]!.body).not.toContain(boil.instructions);
  });

  it('carry an unsubscribe link of their own, which deletes the subscription and is no confirmation link', async () => {
    await subscriber('rosa@correo.cl', ['puerto-aysen']);
    await publishedAdvisory();
    await queueOutageAlerts(db(), ORIGIN);
    const [mail] = await alertMails();
    const token = /\/cortes\/alertas\/baja\?token=([A-Za-z0-9_-]{43})/.exec(mail!.body)![1]!;
    const confirm = await callSubscriptions('/api/cortes/alertas/confirmar', { token });
    expect(confirm.status).toBe(404);
    expect(await unsubscribeCall(token)).toEqual({
      status: 200,
      body: { success: true, message: outageAlertMessages.unsubscribed },
    });
    // The subscription and its record of alerts are gone.
    expect(await db().query(`SELECT 1 FROM outage_subscriptions`)).toEqual([]);
    expect(await db().query(`SELECT 1 FROM advisory_alerts`)).toEqual([]);
    expect((await unsubscribeCall(token)).status).toBe(404);
  });

  it("skip a subscriber who left after the notice was listed, and tell a draft's towns nothing", async () => {
    const rosa = await subscriber('rosa@correo.cl', ['puerto-aysen']);
    await createAdvisory(db(), admin, AdvisoryInputSchema.parse(boil), new Date());
    expect(await queueOutageAlerts(db(), ORIGIN)).toEqual({ mails: 0, phones: 0, notices: 0 });
    await publishedAdvisory();
    await db().query(`DELETE FROM outage_subscriptions WHERE id = $1`, [rosa]);
    expect(await queueOutageAlerts(db(), ORIGIN)).toEqual({ mails: 0, phones: 0, notices: 1 });
  });
});

describe('one queue for cortes and avisos', () => {
  /** A published outage in `town` and its notice, written at `at`. */
  async function outageNotice(town: string, at: string) {
    const [outage] = await db().query<{ id: string }>(
      `INSERT INTO outages (kind, town, sectors, starts_at, ends_at, status, published_at)
       VALUES ('emergencia', $1, 'Centro', '2026-12-03T12:00:00Z', '2026-12-03T20:00:00Z', 'publicado', now())
       RETURNING id`,
      [town],
    );
    await db().query(`INSERT INTO outage_notices (outage_id, kind, created_at) VALUES ($1, 'published', $2)`, [
      outage!.id,
      at,
    ]);
  }

  it('shares the batches and the deadline, oldest notice first, whichever its kind', async () => {
    for (let i = 0; i < 3; i++) await subscriber(`vecino${i}@correo.cl`, ['puerto-aysen']);
    await outageNotice('puerto-aysen', '2026-12-03T10:00:00Z');
    await publishedAdvisory(boil, new Date('2026-12-03T10:01:00Z'));
    await outageNotice('puerto-aysen', '2026-12-03T10:02:00Z');
    const run = oneBatchRun(db(), ORIGIN);
    const prefixes = async () =>
      (await db().query<{ reference: string }>(`SELECT reference FROM outbox ORDER BY id`)).map(
        (row) => row.reference.split('-')[0],
      );

    expect(await run()).toEqual({ mails: 2, phones: 0, notices: 0 });
    expect(await run()).toEqual({ mails: 1, phones: 0, notices: 0 });
    expect(await prefixes()).toEqual(['COR', 'COR', 'COR']);
    await run(); // the first outage notice is found done
    expect(await run()).toEqual({ mails: 2, phones: 0, notices: 0 });
    expect((await prefixes()).slice(3)).toEqual(['AVI', 'AVI']);
    for (let i = 0; i < 6; i++) await run();
    expect(await prefixes()).toEqual(['COR', 'COR', 'COR', 'AVI', 'AVI', 'AVI', 'COR', 'COR', 'COR']);
    expect(await db().query(`SELECT 1 FROM advisory_notices WHERE done_at IS NULL`)).toEqual([]);
    expect(await db().query(`SELECT 1 FROM outage_notices WHERE done_at IS NULL`)).toEqual([]);
  });

  it('the scheduled function of the alerts mails avisos too, and delivers them', async () => {
    await subscriber('rosa@correo.cl', ['puerto-chacabuco']);
    const id = await publishedAdvisory();
    expect(await runScheduledAlerts(ORIGIN)).toEqual({ mails: 1, phones: 0, notices: 1 });
    const [mail] = await db().query<{ status: string; body: string }>(
      `SELECT status, body FROM outbox WHERE reference LIKE 'AVI-%'`,
    );
    expect(mail).toMatchObject({ status: 'sent' });
    expect(mail!.body).toContain(`${ORIGIN}/avisos/${id}`);
  });
});

describe('overlapping runs, each on its own session', () => {
  const ROUNDS = 20;
  it(`never mail anyone an aviso twice (${ROUNDS} rounds of three runs)`, async () => {
    const runners = [1, 2, 3].map(() => environment.database.connect());
    for (let round = 0; round < ROUNDS; round++) {
      for (const table of ['advisories', 'outage_subscriptions', 'outbox']) await db().query(`DELETE FROM ${table}`);
      await db().query(
        `INSERT INTO outage_subscriptions (email, towns, confirm_token_hash, unsubscribe_token_hash, confirmed_at)
         SELECT 'vecino' || i || '@correo.cl', CASE WHEN i % 3 = 0 THEN ARRAY['puerto-aysen', 'puerto-chacabuco']
           WHEN i % 3 = 1 THEN ARRAY['puerto-chacabuco'] ELSE ARRAY['puerto-aysen'] END,
           md5('c' || i || random()), md5('u' || i || random()), now()
         FROM generate_series(1, 30) AS i`,
      );
      await publishedAdvisory();
      const queued = await Promise.all(runners.map((runner) => queueOutageAlerts(runner, ORIGIN, { batch: 4 })));
      expect(queued.reduce((sum, { mails }) => sum + mails, 0)).toBe(30);
      const recipients = (await alertMails()).map((mail) => mail.recipient);
      expect(recipients).toHaveLength(30);
      expect(new Set(recipients).size).toBe(30);
    }
  }, 60_000);
});
