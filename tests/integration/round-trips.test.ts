import { readdir } from 'node:fs/promises';
import type { Config, Context } from '@netlify/functions';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import * as adminAccount from '../../netlify/functions/admin-account.ts';
import * as adminAccounts from '../../netlify/functions/admin-accounts.ts';
import * as adminAdmins from '../../netlify/functions/admin-admins.ts';
import * as adminConsumptionWarnings from '../../netlify/functions/admin-consumption-warnings.ts';
import * as adminAdvisories from '../../netlify/functions/admin-advisories.ts';
import * as adminAudit from '../../netlify/functions/admin-audit.ts';
import * as adminConsumption from '../../netlify/functions/admin-consumption.ts';
import * as adminCases from '../../netlify/functions/admin-cases.ts';
import * as adminDenuncias from '../../netlify/functions/admin-denuncias.ts';
import * as adminDocuments from '../../netlify/functions/admin-documents.ts';
import * as adminEducation from '../../netlify/functions/admin-education.ts';
import * as adminFiles from '../../netlify/functions/admin-files.ts';
import * as adminNews from '../../netlify/functions/admin-news.ts';
import * as adminOutages from '../../netlify/functions/admin-outages.ts';
import * as adminOutbox from '../../netlify/functions/admin-outbox.ts';
import * as adminPayments from '../../netlify/functions/admin-payments.ts';
import * as adminRights from '../../netlify/functions/admin-rights.ts';
import * as admins from '../../netlify/functions/admins.ts';
import * as login from '../../netlify/functions/login.ts';
import * as logout from '../../netlify/functions/logout.ts';
import * as advisories from '../../netlify/functions/advisories.ts';
import * as advisoriesPage from '../../netlify/functions/advisories-page.ts';
import * as bootstrap from '../../netlify/functions/bootstrap.ts';
import * as paymentsBalance from '../../netlify/functions/payments-balance.ts';
import * as cap from '../../netlify/functions/cap.ts';
import * as casesFollowUp from '../../netlify/functions/cases-follow-up.ts';
import * as companyPage from '../../netlify/functions/company-page.ts';
import * as complaints from '../../netlify/functions/complaints.ts';
import * as consumption from '../../netlify/functions/consumption.ts';
import * as consumptionPage from '../../netlify/functions/consumption-page.ts';
import * as contact from '../../netlify/functions/contact.ts';
import * as denuncias from '../../netlify/functions/denuncias.ts';
import * as denunciasFollowUp from '../../netlify/functions/denuncias-follow-up.ts';
import * as documents from '../../netlify/functions/documents.ts';
import * as documentsDownload from '../../netlify/functions/documents-download.ts';
import * as educationDocuments from '../../netlify/functions/education-documents.ts';
import * as educationPage from '../../netlify/functions/education-page.ts';
import * as files from '../../netlify/functions/files.ts';
import * as health from '../../netlify/functions/health.ts';
import * as indicators from '../../netlify/functions/indicators.ts';
import * as indicatorsPage from '../../netlify/functions/indicators-page.ts';
import * as invitations from '../../netlify/functions/invitations.ts';
import * as jobs from '../../netlify/functions/jobs.ts';
import * as motorhome from '../../netlify/functions/motorhome.ts';
import * as news from '../../netlify/functions/news.ts';
import * as newsPage from '../../netlify/functions/news-page.ts';
import * as publishedSitemap from '../../netlify/functions/published-sitemap.ts';
import * as newsFeed from '../../netlify/functions/news-feed.ts';
import * as outageAlertsSubscriptions from '../../netlify/functions/outage-alerts-subscriptions.ts';
import * as phoneAlerts from '../../netlify/functions/phone-alerts.ts';
import * as outages from '../../netlify/functions/outages.ts';
import * as outagesFeeds from '../../netlify/functions/outages-feeds.ts';
import * as outagesGeojson from '../../netlify/functions/outages-geojson.ts';
import * as outagesHistoryPage from '../../netlify/functions/outages-history-page.ts';
import * as outagesLookup from '../../netlify/functions/outages-lookup.ts';
import * as outagesPage from '../../netlify/functions/outages-page.ts';
import * as paymentsBills from '../../netlify/functions/payments-bills.ts';
import * as paymentsReceiptPage from '../../netlify/functions/payments-receipt-page.ts';
import * as paymentsRecords from '../../netlify/functions/payments-records.ts';
import * as paymentsReturn from '../../netlify/functions/payments-return.ts';
import * as previewAnonymisation from '../../netlify/functions/preview-anonymisation.ts';
import * as rights from '../../netlify/functions/rights.ts';
import * as consumptionWarnings from '../../netlify/functions/consumption-warnings.ts';
import * as rightsConfirm from '../../netlify/functions/rights-confirm.ts';
import * as rightsDownload from '../../netlify/functions/rights-download.ts';
import * as uploads from '../../netlify/functions/uploads.ts';
import { createInvitation } from '../../src/server/auth/invitations.ts';
import { hashToken, newToken } from '../../src/server/link-tokens.ts';
import { callFunction, callFunctionOf, signedInAdmin, totpCode, useAdminEnvironment } from '../helpers/admin.ts';
import { chunkedUpload } from '../helpers/uploads.ts';
import { insertPeriods, monthlyPeriods } from '../helpers/consumption.ts';
import { twilioSignature } from '../../scripts/lib/twilio-simulator.ts';
import { config } from '../../src/server/config.ts';
import { pdfBytes, pngBytes } from '../helpers/files.ts';
import { functionsDir, loadFunction, ANSWERING_NO_REQUEST } from '../helpers/fuzz.ts';
import { educationItem, motorhomeRegistration, newsReport } from '../helpers/submissions.ts';
import type { RoundTrips } from '../helpers/round-trips.ts';
import { useWebpaySimulator } from '../helpers/webpay.ts';

/**
 * In production every query is an HTTP round trip from a function to Neon, so each
 * request's trips are counted here through the `Database` port, one row per endpoint. A public read
 * or form makes one (one statement, or one batch: one transaction, one trip); an admin request at
 * most two (its sign-in check, then its work). Each row asserts the exact count, so one that grows
 * fails and names the trip it added. The mail a request hands to `waitUntil` is delivered after
 * the answer and is not counted (docs/performance.md, "Database round trips").
 */

const trips = vi.hoisted((): RoundTrips => ({ calls: [] }));

vi.mock(import('../../src/server/db/index.ts'), async (original) => {
  const actual = await original();
  const { countingDatabase } = await import('../helpers/round-trips.ts');
  return { ...actual, getDatabase: () => countingDatabase(actual.getDatabase(), trips) };
});

// The delivery runs after the answer, in waitUntil: not the request's own round trips.
vi.mock(import('../../src/server/mail/deliver.ts'), async (original) => ({
  ...(await original()),
  deliverDueMail: async () => undefined,
}));

// A step's keeping of its CAP documents runs after the answer too (waitUntil): queued here, and run
// before the row that reads what it kept.
const afterAnswers = vi.hoisted((): (() => Promise<unknown>)[] => []);
vi.mock(import('../../src/server/cap/store.ts'), async (original) => {
  const actual = await original();
  return {
    ...actual,
    keepCapDocumentsAfter: (context, ...rest) => {
      afterAnswers.push(
        () => new Promise((settled) => actual.keepCapDocumentsAfter({ ...context, waitUntil: settled }, ...rest)),
      );
    },
  };
});

// The page functions fill the build's pages (dist/), which a function test does not build.
vi.mock(import('node:fs/promises'), async (original) =>
  (await import('../helpers/built-pages.ts')).withBuiltPages(original),
);

interface FunctionModule {
  default: (req: Request, context: Context) => Promise<Response>;
  config: Config;
}

interface Call {
  method: string;
  path: string;
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
}

interface Row {
  fn: FunctionModule;
  /** The request, built when its row runs: after the rows above it, whose answers it may use. */
  call: () => Call | Promise<Call>;
  status: number;
  trips: number;
  /** Keeps what a later row needs from the answer. */
  keep?: (body: string) => void;
}

const environment = useAdminEnvironment();
const webpay = useWebpaySimulator();
const db = () => environment.database.db;

/** Calls a function as the platform routes it, reads its whole answer, and counts its round trips. */
async function roundTripsOf(fn: FunctionModule, { method, path, body, token, headers }: Call) {
  trips.calls = [];
  const call = callFunctionOf(fn, method, path, {
    ...(token ? { token } : {}),
    ...(headers ? { headers } : {}),
    body,
  });
  const response = await call.response;
  const text = await response.text();
  const calls = [...trips.calls];
  // What the answer left to run afterwards (a delivery) is not the request's, and must not land in the next row's count.
  await call.settle();
  return { status: response.status, text, calls };
}

/** A webhook of the phone provider, signed as it signs them for the address it calls. */
async function providerWebhook(path: string, params: Record<string, string>): Promise<Call> {
  const { authToken } = await config.phone('http://localhost');
  return {
    method: 'POST',
    path,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': twilioSignature(authToken, `http://localhost${path}`, params),
    },
    body: new URLSearchParams(params).toString(),
  };
}

const form = (fields: Record<string, string>, file?: { name: string; bytes: Uint8Array<ArrayBuffer> }) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  if (file) data.append('file', new Blob([file.bytes]), file.name);
  return data;
};

const post = (path: string, body?: unknown): Call => ({ method: 'POST', path, body });
const get = (path: string): Call => ({ method: 'GET', path });

const CV = pdfBytes(3_000);
const APPLICANT = {
  name: 'Camila Soto',
  email: 'camila@example.com',
  phone: '+56 9 8765 4321',
  rut: '12.345.678-5',
  address: 'Los Coigües 12, Coyhaique',
};
const CITIZEN = {
  name: 'Ana',
  surname: 'Pérez',
  email: 'ana@example.com',
  address: 'Baquedano 100',
  city: 'Coyhaique',
};

/** What the rows share: ids and codes that earlier rows or the arrangement made. */
const made = {} as {
  advisoryId: string;
  capIdentifier: string;
  complaintReference: string;
  denunciaReceipt: string;
  uploadId: string;
  billId: string;
  returnSearch: string;
  adminId: string;
  token: string;
  deskToken: string;
  leavingToken: string;
  caseId: string;
  rightsCaseId: string;
  denunciaReference: string;
  outageId: string;
  advisoryDraftId: string;
  challenge: string;
  invitationToken: string;
  invitationSecret: string;
  publishedFile: string;
};

beforeAll(async () => {
  const [outage] = await db().query<{ id: string }>(
    `INSERT INTO outages (kind, town, sectors, starts_at, ends_at, status, cause, published_at)
     VALUES ('emergencia', 'coyhaique', 'Centro', now() - interval '1 hour', now() + interval '3 hours', 'en_curso',
             'Rotura de matriz', now() - interval '1 hour') RETURNING id::text AS id`,
  );
  await db().query(`INSERT INTO outage_notices (outage_id, kind) VALUES ($1, 'published')`, [outage!.id]);
  const [advisory] = await db().query<{ id: string }>(
    `WITH advisory AS (
       INSERT INTO advisories (kind, sectors, starts_at, instructions, status, published_at)
       VALUES ('hervir', 'Centro', now() - interval '1 hour', 'Hierva el agua.', 'publicado', now() - interval '1 hour')
       RETURNING id)
     INSERT INTO advisory_towns (advisory_id, town) SELECT id, 'coyhaique' FROM advisory RETURNING advisory_id::text AS id`,
  );
  made.advisoryId = advisory!.id;
  const administrator = await signedInAdmin(db(), 'Ana Admin', 'ana@example.com');
  made.adminId = administrator.id;
  made.token = administrator.token;
  made.deskToken = (await signedInAdmin(db(), 'Olga Oficial', 'olga@example.com', ['cumplimiento'])).token;
  made.leavingToken = (await signedInAdmin(db(), 'Luis Saliente', 'luis@example.com')).token;
  await db()
    .query(`INSERT INTO accounts (service_number, balance, install_address, locality, expiration_date, doc_url, holder_rut)
    VALUES ('100001', 18990, 'Baquedano 1240, Coyhaique', 'coyhaique', '2026-12-03', '/documentos/boletas/boleta.pdf', '12345678-5')`);
  await insertPeriods(db(), '100001', monthlyPeriods(24, '2026-11'));
  await db().query(
    `INSERT INTO documents (type, year, url_file) VALUES ('Memoria', 2024, '/documentos/memoria-2024.pdf')`,
  );
  // Set, so that the bootstrap's status asks the database whether an administrator exists.
  process.env.ADMIN_BOOTSTRAP_TOKEN = 'el-token-de-arranque-del-operador-0123456789';
  made.invitationToken = (
    await createInvitation(db(), { name: 'Olga Encargada', email: 'encargada@example.com', roles: ['cumplimiento'] })
  ).token;
});

const publicRows: [string, Row][] = [
  ['GET /api/health', { fn: health, call: () => get('/api/health'), status: 200, trips: 0 }],
  ['GET /api/health?db=1', { fn: health, call: () => get('/api/health?db=1'), status: 200, trips: 1 }],
  [
    'POST /api/ticket',
    { fn: paymentsBalance, call: () => post('/api/ticket', { service_number: '100001' }), status: 200, trips: 1 },
  ],
  [
    'POST /api/consumo',
    {
      fn: consumption,
      call: () => post('/api/consumo', { service_number: '100001', rut: APPLICANT.rut }),
      status: 200,
      trips: 1,
    },
  ],
  [
    'POST /consumo',
    {
      fn: consumptionPage,
      call: () => ({
        method: 'POST',
        path: '/consumo',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'service_number=100001&rut=12.345.678-5',
      }),
      status: 200,
      trips: 1,
    },
  ],
  [
    'POST /api/contacto',
    {
      fn: contact,
      call: () => post('/api/contacto', { ...CITIZEN, phone: '', reqs: 'Consulta por mi medidor' }),
      status: 200,
      trips: 1,
    },
  ],
  [
    'POST /api/reclamos',
    {
      fn: complaints,
      call: () =>
        post('/api/reclamos', { ...CITIZEN, phone: '', clientNumber: '100001', complaintDetails: 'Cobro doble.' }),
      status: 200,
      trips: 1,
      keep: (body) => (made.complaintReference = JSON.parse(body).data.reference),
    },
  ],
  [
    'POST /api/motorhome',
    { fn: motorhome, call: () => post('/api/motorhome', motorhomeRegistration), status: 200, trips: 1 },
  ],
  [
    'POST /api/job (a CV inline)',
    {
      fn: jobs,
      call: () => post('/api/job', form({ ...APPLICANT, fileName: 'cv.pdf' }, { name: 'cv.pdf', bytes: pdfBytes() })),
      status: 200,
      trips: 1,
    },
  ],
  [
    'POST /api/denuncias (a file inline)',
    {
      fn: denuncias,
      call: () =>
        post(
          '/api/denuncias',
          form(
            {
              denunciaRelacion: 'Trabajador',
              denunciaLugar: 'Plantas',
              denunciaType: 'Acoso laboral',
              denunciaText: 'Un supervisor grita e insulta de forma reiterada a un trabajador.',
            },
            { name: 'evidencia.png', bytes: pngBytes(5_000) },
          ),
        ),
      status: 200,
      trips: 1,
      keep: (body) => (made.denunciaReceipt = JSON.parse(body).data.receipt),
    },
  ],
  [
    'POST /api/uploads (a CV in chunks)',
    {
      fn: uploads,
      call: () => post('/api/uploads', { purpose: 'cv', fileName: 'cv.pdf', size: CV.byteLength }),
      status: 201,
      trips: 1,
      keep: (body) => (made.uploadId = JSON.parse(body).data.uploadId),
    },
  ],
  [
    'PUT /api/uploads/{id}/chunks/{index}',
    {
      fn: uploads,
      call: () => ({ method: 'PUT', path: `/api/uploads/${made.uploadId}/chunks/0`, body: new Blob([CV]) }),
      status: 200,
      // Above one trip: 2, the upload's row (its purpose says how the bytes are stored, its size, sealed
      // for a denuncia, what they must be) before the bytes, then the claim and its charge
      trips: 2,
    },
  ],
  [
    'POST /api/uploads/{id}/complete',
    {
      fn: uploads,
      call: () => post(`/api/uploads/${made.uploadId}/complete`),
      status: 200,
      // Above one trip: 2, the claim, which tells which chunks to join, how stored and their size, then
      // the statement that counts and completes the joined, checked and stored file
      trips: 2,
    },
  ],
  [
    'POST /api/job (a CV uploaded in chunks)',
    {
      fn: jobs,
      call: () => post('/api/job', form({ ...APPLICANT, uploadId: made.uploadId })),
      status: 200,
      trips: 1,
    },
  ],
  [
    'POST /api/seguimiento',
    {
      fn: casesFollowUp,
      call: () => post('/api/seguimiento', { reference: made.complaintReference, email: CITIZEN.email }),
      status: 200,
      trips: 1,
    },
  ],
  [
    'POST /api/denuncias/seguimiento',
    {
      fn: denunciasFollowUp,
      call: () => post('/api/denuncias/seguimiento', { receipt: made.denunciaReceipt }),
      status: 200,
      // Above one trip: 2, the failure throttle's claim before the slow hash, whose cost it bounds (a
      // refused client pays none), then one batch (docs/performance.md, "Database round trips")
      trips: 2,
    },
  ],
  [
    'POST /api/denuncias/seguimiento/mensajes',
    {
      fn: denunciasFollowUp,
      call: () =>
        post('/api/denuncias/seguimiento/mensajes', form({ receipt: made.denunciaReceipt, body: 'Un dato más.' })),
      status: 200,
      // Above one trip: 2, the failure throttle's claim before the slow hash, then one batch that finds the
      // denuncia and writes the message by the code's hash (reporterMessageStatements)
      trips: 2,
    },
  ],
  [
    'POST /api/denuncias/seguimiento/aviso',
    {
      fn: denunciasFollowUp,
      call: () => post('/api/denuncias/seguimiento/aviso', { receipt: made.denunciaReceipt, notify: false }),
      status: 200,
      // Above one trip: 2, the claim before the slow hash, then one batch that sets the notice by the code's hash
      trips: 2,
    },
  ],
  [
    'POST /api/denuncias/seguimiento/mensajes (a file inline)',
    {
      fn: denunciasFollowUp,
      call: () =>
        post(
          '/api/denuncias/seguimiento/mensajes',
          form({ receipt: made.denunciaReceipt, body: 'Otra foto.' }, { name: 'foto.png', bytes: pngBytes(3_000) }),
        ),
      status: 200,
      // Above one trip: 2, the claim before the slow hash, then one batch that looks the code up (refused
      // whole unless it opens an open denuncia), stores and attaches the file and writes the message
      trips: 2,
    },
  ],
  [
    'POST /api/denuncias/seguimiento/mensajes (a file inline, a wrong code)',
    {
      fn: denunciasFollowUp,
      call: () =>
        post(
          '/api/denuncias/seguimiento/mensajes',
          form({ receipt: '1111222233334444', body: 'Otra foto.' }, { name: 'foto.png', bytes: pngBytes(3_000) }),
        ),
      status: 404,
      // Above one trip: 2, the claim, then the batch its first statement refuses: a wrong code has no
      // attempt to hand back after it (a right one refused does, a third trip)
      trips: 2,
    },
  ],
  [
    'POST /api/derechos',
    {
      fn: rights,
      call: () =>
        post('/api/derechos', {
          type: 'acceso',
          name: 'Rosa Vera',
          email: 'rosa.vera@correo.cl',
          rut: '12.345.678-5',
          serviceNumber: '100001',
          details: 'Quiero saber qué datos míos tienen.',
        }),
      status: 200,
      trips: 1,
    },
  ],
  [
    'POST /api/derechos/confirmar',
    {
      fn: rightsConfirm,
      call: async () => {
        const token = newToken();
        await db().query(
          `INSERT INTO rights_requests (reference, type, name, email, details, confirm_token_hash, confirm_expires_at)
           VALUES ('DER-VIAJES1', 'acceso', 'Rosa', 'rosa@correo.cl', 'Mis datos', $1, now() + interval '7 days')`,
          [hashToken(token)],
        );
        return post('/api/derechos/confirmar', { token });
      },
      status: 200,
      trips: 1,
    },
  ],
  [
    'POST /api/consumo/avisos/baja',
    {
      fn: consumptionWarnings,
      call: async () => {
        const token = newToken();
        await db().batch([
          {
            text: `INSERT INTO accounts (service_number, balance, install_address) VALUES ('400099', 0, 'Prat 1')`,
            params: [],
          },
          {
            text: `INSERT INTO consumption_warnings (service_number, period, consumption_m3, average_m3, readings, email,
                     opt_out_token_hash)
                   VALUES ('400099', '2026-11', 40, 12, 6, 'rosa@correo.cl', $1)`,
            params: [hashToken(token)],
          },
        ]);
        return post('/api/consumo/avisos/baja', { token });
      },
      status: 200,
      trips: 1,
    },
  ],
  [
    'POST /api/cortes/alertas',
    {
      fn: outageAlertsSubscriptions,
      call: () => post('/api/cortes/alertas', { email: 'vecina@example.com', towns: ['coyhaique'] }),
      status: 200,
      trips: 1,
    },
  ],
  [
    'POST /api/cortes/alertas/confirmar',
    {
      fn: outageAlertsSubscriptions,
      call: async () => post('/api/cortes/alertas/confirmar', { token: await alertToken('confirmar') }),
      status: 200,
      trips: 1,
    },
  ],
  [
    // A text already seen is one look; a new one is acted on and recorded: AYUDA asks nothing more.
    'POST /api/sms/entrante',
    {
      fn: phoneAlerts,
      call: () =>
        providerWebhook('/api/sms/entrante', {
          From: '+56987654321',
          Body: 'AYUDA',
          MessageSid: `SM${'9'.repeat(32)}`,
        }),
      status: 200,
      trips: 2,
    },
  ],
  [
    'POST /api/sms/estado',
    {
      fn: phoneAlerts,
      call: () =>
        providerWebhook('/api/sms/estado?ref=COR-1&id=1', { MessageSid: `SM${'8'.repeat(32)}`, MessageStatus: 'sent' }),
      status: 204,
      trips: 1,
    },
  ],
  [
    'POST /api/cortes/alertas/baja',
    {
      fn: outageAlertsSubscriptions,
      call: async () => post('/api/cortes/alertas/baja', { token: await alertToken('baja') }),
      status: 200,
      trips: 1,
    },
  ],
  [
    'POST /api/cortes/alertas (a phone)',
    {
      fn: outageAlertsSubscriptions,
      call: () => post('/api/cortes/alertas', { phone: '+56987654321', towns: ['coyhaique'] }),
      status: 200,
      trips: 1,
    },
  ],
  ['GET /api/outages', { fn: outages, call: () => get('/api/outages'), status: 200, trips: 1 }],
  [
    'POST /api/outages/lookup',
    { fn: outagesLookup, call: () => post('/api/outages/lookup', { serviceNumber: '100001' }), status: 200, trips: 1 },
  ],
  ['GET /cortes/feed.xml', { fn: outagesFeeds, call: () => get('/cortes/feed.xml'), status: 200, trips: 1 }],
  [
    'GET /cortes/{town}.ics',
    {
      fn: outagesFeeds,
      call: () => get('/cortes/coyhaique.ics'),
      status: 200,
      trips: 1,
    },
  ],
  ['GET /cortes.geojson', { fn: outagesGeojson, call: () => get('/cortes.geojson'), status: 200, trips: 1 }],
  ['GET /cortes', { fn: outagesPage, call: () => get('/cortes'), status: 200, trips: 1 }],
  ['GET /cortes/alertas', { fn: outagesPage, call: () => get('/cortes/alertas'), status: 200, trips: 1 }],
  ['GET /cortes/historial', { fn: outagesHistoryPage, call: () => get('/cortes/historial'), status: 200, trips: 1 }],
  [
    'GET /cap/alertas.atom',
    {
      fn: cap,
      call: () => get('/cap/alertas.atom'),
      status: 200,
      trips: 1,
      keep: (body) => (made.capIdentifier = /\/cap\/([^"<]+)\.xml/.exec(body)![1]!),
    },
  ],
  [
    'GET /cap/{identifier}.xml not kept when issued, its first request',
    {
      fn: cap,
      call: () => get(`/cap/${made.capIdentifier}.xml`),
      status: 200,
      // Above one trip: a message its step did not keep (issued before, or its keeping failed) is kept on
      // its first request, never changed after (cap/store.ts)
      trips: 2,
    },
  ],
  [
    'GET /cap/{identifier}.xml, kept',
    { fn: cap, call: () => get(`/cap/${made.capIdentifier}.xml`), status: 200, trips: 1 },
  ],
  ['GET /api/advisories', { fn: advisories, call: () => get('/api/advisories'), status: 200, trips: 1 }],
  ['GET /avisos', { fn: advisoriesPage, call: () => get('/avisos'), status: 200, trips: 1 }],
  ['GET /avisos/{id}', { fn: advisoriesPage, call: () => get(`/avisos/${made.advisoryId}`), status: 200, trips: 1 }],
  ['GET /api/indicadores', { fn: indicators, call: () => get('/api/indicadores'), status: 200, trips: 1 }],
  ['GET /indicadores.csv', { fn: indicators, call: () => get('/indicadores.csv'), status: 200, trips: 1 }],
  ['GET /indicadores', { fn: indicatorsPage, call: () => get('/indicadores'), status: 200, trips: 1 }],
  ['GET /api/reports', { fn: news, call: () => get('/api/reports'), status: 200, trips: 1 }],
  ['GET /comunicados', { fn: newsPage, call: () => get('/comunicados?item=beneficio-covid'), status: 200, trips: 1 }],
  ['GET /comunicados/{key}', { fn: newsPage, call: () => get('/comunicados/compromiso'), status: 200, trips: 1 }],
  ['GET /comunicados.xml', { fn: newsFeed, call: () => get('/comunicados.xml'), status: 200, trips: 1 }],
  [
    'GET /sitemap-publicaciones.xml',
    { fn: publishedSitemap, call: () => get('/sitemap-publicaciones.xml'), status: 200, trips: 1 },
  ],
  [
    'HEAD /comunicados',
    { fn: newsPage, call: () => ({ method: 'HEAD', path: '/comunicados' }), status: 200, trips: 0 },
  ],
  ['GET /api/documents', { fn: documents, call: () => get('/api/documents'), status: 200, trips: 1 }],
  ['GET /nosotros', { fn: companyPage, call: () => get('/nosotros'), status: 200, trips: 1 }],
  [
    'GET /api/download',
    { fn: documentsDownload, call: () => get('/api/download?fileType=memories&year=2024'), status: 302, trips: 1 },
  ],
  [
    'GET /api/education/documents',
    { fn: educationDocuments, call: () => get('/api/education/documents'), status: 200, trips: 1 },
  ],
  ['GET /educacion', { fn: educationPage, call: () => get('/educacion'), status: 200, trips: 1 }],
  [
    'POST /api/bills/new',
    {
      fn: paymentsBills,
      call: () =>
        post('/api/bills/new', {
          paymentOption: 'webpay-plus',
          serviceNumber: '100001',
          email: 'cliente@example.com',
          billingType: 'boleta',
        }),
      status: 201,
      // Above one trip: Webpay's transaction is made between the bill and its token: 2 at least
      trips: 2,
      keep: (body) => (made.billId = JSON.parse(body).billId),
    },
  ],
  [
    'GET /api/bills/{billId}',
    { fn: paymentsBills, call: () => get(`/api/bills/${made.billId}`), status: 200, trips: 1 },
  ],
  [
    'GET /api/tbk/return (approved)',
    {
      fn: paymentsReturn,
      call: async () => {
        const [bill] = await db().query<{ token: string }>('SELECT token FROM bills WHERE id = $1', [made.billId]);
        const redirect = await webpay.choose(bill!.token, 'aprobar');
        return get(`/api/tbk/return${new URL(redirect.headers.get('location')!).search}`);
      },
      status: 303,
      // Above one trip: 2 at least, Webpay's commit comes between the claim (which reads the debt) and the
      // settlement (which keeps Webpay's answer)
      trips: 2,
    },
  ],
  [
    'GET /api/tbk/return (declined by the card)',
    {
      fn: paymentsReturn,
      call: async () => {
        await db().query(
          `INSERT INTO accounts (service_number, balance, install_address) VALUES ('100009', 4000, 'Prat 9, Coyhaique')`,
        );
        const created = await callFunction(paymentsBills, 'POST', '/api/bills/new', {
          body: {
            paymentOption: 'webpay-plus',
            serviceNumber: '100009',
            email: 'cliente@example.com',
            billingType: 'boleta',
          },
        });
        const { billId } = (await created.json()) as { billId: string };
        const [bill] = await db().query<{ token: string }>('SELECT token FROM bills WHERE id = $1', [billId]);
        const redirect = await webpay.choose(bill!.token, 'rechazar');
        return get(`/api/tbk/return${new URL(redirect.headers.get('location')!).search}`);
      },
      status: 303,
      // Above one trip: as approved, one trip on each side of Webpay's commit
      trips: 2,
    },
  ],
  [
    'GET /api/tbk/return (the same return again)',
    {
      fn: paymentsReturn,
      call: async () => {
        const [bill] = await db().query<{ token: string }>('SELECT token FROM bills WHERE id = $1', [made.billId]);
        return get(`/api/tbk/return?token_ws=${bill!.token}`);
      },
      status: 303,
      trips: 1,
    },
  ],
  [
    'GET /api/tbk/return (cancelled in Webpay: TBK_TOKEN, TBK_ORDEN_COMPRA, TBK_ID_SESION)',
    {
      fn: paymentsReturn,
      call: async () => {
        const bill = await pendingBill('ANULADA');
        return get(
          `/api/tbk/return?TBK_TOKEN=${bill.token}&TBK_ORDEN_COMPRA=${bill.buyOrder}&TBK_ID_SESION=${bill.sessionId}`,
        );
      },
      status: 303,
      trips: 1,
    },
  ],
  [
    'GET /api/tbk/return (timed out: TBK_ORDEN_COMPRA, TBK_ID_SESION)',
    {
      fn: paymentsReturn,
      call: async () => {
        const bill = await pendingBill('EXPIRADA');
        return get(`/api/tbk/return?TBK_ORDEN_COMPRA=${bill.buyOrder}&TBK_ID_SESION=${bill.sessionId}`);
      },
      status: 303,
      trips: 1,
    },
  ],
  [
    'GET /api/tbk/return (an error in the form: token_ws with TBK_TOKEN)',
    {
      fn: paymentsReturn,
      call: async () => {
        const bill = await pendingBill('FALLIDA');
        return get(`/api/tbk/return?token_ws=${bill.token}&TBK_TOKEN=${bill.token}`);
      },
      status: 303,
      trips: 1,
    },
  ],
  [
    'GET /api/tbk/return (no parameters)',
    { fn: paymentsReturn, call: () => get('/api/tbk/return'), status: 303, trips: 0 },
  ],
  [
    'GET /api/tbk-payments/{id}',
    {
      fn: paymentsRecords,
      call: async () => {
        const [payment] = await db().query<{ id: string }>('SELECT id::text AS id FROM tbk_payments');
        return get(`/api/tbk-payments/${payment!.id}`);
      },
      status: 200,
      trips: 1,
    },
  ],
  [
    'GET /tbk-final/{tbkPaymentId}/{billId}',
    {
      fn: paymentsReceiptPage,
      call: async () => {
        const [payment] = await db().query<{ id: string; billId: string }>(
          `SELECT t.id::text AS id, t.bill_id::text AS "billId" FROM tbk_payments t JOIN bills b ON b.id = t.bill_id WHERE b.status = 'paid'`,
        );
        return get(`/tbk-final/${payment!.id}/${payment!.billId}`);
      },
      status: 200,
      trips: 1,
    },
  ],
  [
    'POST /api/login',
    {
      fn: login,
      call: () => post('/api/login', { email: 'ana@example.com', password: 'contraseña-de-prueba' }),
      status: 200,
      // 2: the attempt claimed with the account read (one batch, before the password's hash is
      // checked), then its refund with the challenge's row
      trips: 2,
      keep: (body) => (made.challenge = JSON.parse(body).data.challenge),
    },
  ],
  [
    'POST /api/login/second-factor',
    {
      fn: login,
      call: () => post('/api/login/second-factor', { challenge: made.challenge, code: totpCode() }),
      status: 200,
      // 5: the challenge checked live and bound to the client group before anything is counted,
      // the attempt claimed, the code used once (second-factor.ts), the challenge used up by the
      // statement that logs the sign-in (with the refund), the session (sessions.ts)
      trips: 5,
    },
  ],
  ['GET /api/bootstrap', { fn: bootstrap, call: () => get('/api/bootstrap'), status: 200, trips: 1 }],
  [
    'POST /api/invitation',
    {
      fn: invitations,
      call: () => post('/api/invitation', { token: made.invitationToken }),
      status: 200,
      trips: 1,
      keep: (body) => (made.invitationSecret = JSON.parse(body).data.totp.secret),
    },
  ],
  [
    'POST /api/invitation/accept',
    {
      fn: invitations,
      call: () =>
        post('/api/invitation/accept', {
          token: made.invitationToken,
          password: 'una clave larga del oficial',
          confirmPassword: 'una clave larga del oficial',
          secret: made.invitationSecret,
          code: totpCode(made.invitationSecret),
        }),
      status: 201,
      trips: 1,
    },
  ],
  [
    'POST /api/derechos/descarga (a link no export was mailed with)',
    {
      fn: rightsDownload,
      call: () => post('/api/derechos/descarga', { token: newToken() }),
      status: 404,
      trips: 1,
    },
  ],
  [
    'POST /api/preview-anonymisation (without its token configured)',
    {
      fn: previewAnonymisation,
      call: () => post('/api/preview-anonymisation', { connectionString: 'postgres://preview@localhost/branch' }),
      status: 403,
      trips: 0,
    },
  ],
];

/** A bill waiting at Webpay, as POST /api/bills/new leaves it, for the returns that close one. */
async function pendingBill(name: string) {
  const [bill] = await db().query<{ token: string; buyOrder: string; sessionId: string }>(
    `INSERT INTO bills (service_number, amount, email, billing_type, payment_method, buy_order, session_id, token)
     VALUES ('100001', 1000, 'cliente@example.com', 'boleta', 'webpay-plus', $1, $2, $3)
     RETURNING token, buy_order AS "buyOrder", session_id AS "sessionId"`,
    [`ORD-${name}`, `S-${name}`, `TOK-${name}`],
  );
  return bill!;
}

/** As Ana Admin, an administrator. */
const staff = (method: string, path: string, body?: unknown): Call => ({ method, path, body, token: made.token });
/** As Olga Oficial, of the denuncias desk. */
const desk = (method: string, path: string, body?: unknown): Call => ({ method, path, body, token: made.deskToken });
const caseOf = async (kind: string) =>
  (await db().query<{ id: string }>('SELECT id::text AS id FROM cases WHERE kind = $1 LIMIT 1', [kind]))[0]!.id;

const adminRows: [string, Row][] = [
  [
    'GET /api/admins/{id}',
    { fn: admins, call: () => staff('GET', `/api/admins/${made.adminId}`), status: 200, trips: 2 },
  ],
  [
    'GET /api/admin/account',
    { fn: adminAccount, call: () => staff('GET', '/api/admin/account'), status: 200, trips: 2 },
  ],
  ['GET /api/admin/admins', { fn: adminAdmins, call: () => staff('GET', '/api/admin/admins'), status: 200, trips: 2 }],
  [
    'GET /api/admin/consumption/{serviceNumber}',
    { fn: adminConsumption, call: () => staff('GET', '/api/admin/consumption/100001'), status: 200, trips: 2 },
  ],
  ['GET /api/admin/audit', { fn: adminAudit, call: () => staff('GET', '/api/admin/audit'), status: 200, trips: 2 }],
  ['GET /api/admin/cases', { fn: adminCases, call: () => staff('GET', '/api/admin/cases'), status: 200, trips: 2 }],
  [
    'GET /api/admin/cases/{id}',
    {
      fn: adminCases,
      call: async () => staff('GET', `/api/admin/cases/${(made.caseId = await caseOf('reclamo'))}`),
      status: 200,
      trips: 2,
    },
  ],
  [
    'POST /api/admin/cases/{id}/notes',
    {
      fn: adminCases,
      call: () => staff('POST', `/api/admin/cases/${made.caseId}/notes`, { body: 'Llamar al cliente.' }),
      status: 201,
      trips: 2,
    },
  ],
  [
    'GET /api/admin/cases/{id}/rights',
    {
      fn: adminRights,
      call: async () => staff('GET', `/api/admin/cases/${await caseOf('derechos')}/rights`),
      status: 200,
      trips: 2,
    },
  ],
  [
    'GET /api/admin/denuncias',
    { fn: adminDenuncias, call: () => desk('GET', '/api/admin/denuncias'), status: 200, trips: 2 },
  ],
  [
    'GET /api/admin/denuncias/{reference}',
    {
      fn: adminDenuncias,
      call: async () => {
        const [row] = await db().query<{ reference: string }>('SELECT reference FROM denuncias LIMIT 1');
        made.denunciaReference = row!.reference;
        return desk('GET', `/api/admin/denuncias/${made.denunciaReference}`);
      },
      status: 200,
      trips: 2,
    },
  ],
  [
    'POST /api/admin/denuncias/{reference}/notes',
    {
      fn: adminDenuncias,
      call: () => desk('POST', `/api/admin/denuncias/${made.denunciaReference}/notes`, { body: 'Hablar con RR.HH.' }),
      status: 201,
      trips: 2,
    },
  ],
  [
    'GET /api/admin/documents',
    { fn: adminDocuments, call: () => staff('GET', '/api/admin/documents'), status: 200, trips: 2 },
  ],
  [
    'POST /api/admin/documents',
    {
      fn: adminDocuments,
      call: () =>
        staff('POST', '/api/admin/documents', {
          type: 'Memoria',
          year: 2023,
          url_file: '/documentos/memoria-2023.pdf',
        }),
      status: 201,
      trips: 2,
    },
  ],
  [
    'GET /api/admin/education',
    { fn: adminEducation, call: () => staff('GET', '/api/admin/education'), status: 200, trips: 2 },
  ],
  [
    'POST /api/admin/education',
    {
      fn: adminEducation,
      call: () => staff('POST', '/api/admin/education', educationItem),
      status: 201,
      trips: 2,
    },
  ],
  ['GET /api/admin/reports', { fn: adminNews, call: () => staff('GET', '/api/admin/reports'), status: 200, trips: 2 }],
  [
    'POST /api/admin/reports',
    {
      fn: adminNews,
      call: () => staff('POST', '/api/admin/reports', newsReport),
      status: 201,
      trips: 2,
    },
  ],
  [
    'GET /api/admin/outages',
    { fn: adminOutages, call: () => staff('GET', '/api/admin/outages'), status: 200, trips: 2 },
  ],
  [
    'POST /api/admin/outages',
    {
      fn: adminOutages,
      call: () =>
        staff('POST', '/api/admin/outages', {
          kind: 'programado',
          town: 'coyhaique',
          sectors: 'Villa Los Ñires',
          streets: 'Los Coigües, Los Notros',
          startsAt: '2027-03-05T09:00:00-03:00',
          endsAt: '2027-03-05T18:00:00-03:00',
          cause: 'Cambio de matriz',
          supplyPoints: [],
        }),
      status: 201,
      trips: 2,
      keep: (body) => (made.outageId = JSON.parse(body).data.outage.id),
    },
  ],
  [
    'GET /api/admin/outages/{id}',
    { fn: adminOutages, call: () => staff('GET', `/api/admin/outages/${made.outageId}`), status: 200, trips: 2 },
  ],
  [
    'POST /api/admin/outages/{id}/publish',
    {
      fn: adminOutages,
      call: () => staff('POST', `/api/admin/outages/${made.outageId}/publish`, {}),
      status: 200,
      trips: 2,
    },
  ],
  [
    'GET /cap/{identifier}.xml of that publication, its first request',
    {
      fn: cap,
      call: async () => {
        await Promise.all(afterAnswers.splice(0).map((keep) => keep()));
        const [notice] = await db().query<{ id: string }>(
          'SELECT id::text AS id FROM outage_notices WHERE outage_id = $1',
          [made.outageId],
        );
        return get(`/cap/corte-${made.outageId}-${notice!.id}.xml`);
      },
      status: 200,
      trips: 1,
    },
  ],
  [
    'GET /api/admin/advisories',
    { fn: adminAdvisories, call: () => staff('GET', '/api/admin/advisories'), status: 200, trips: 2 },
  ],
  [
    'POST /api/admin/advisories',
    {
      fn: adminAdvisories,
      call: () =>
        staff('POST', '/api/admin/advisories', {
          kind: 'hervir',
          towns: ['puerto-aysen'],
          sectors: 'Población Gabriela Mistral',
          startsAt: '2026-03-02T08:00:00-03:00',
          instructions: 'Hierva el agua al menos un minuto antes de beberla o usarla para cocinar.',
          supplyPoints: [],
        }),
      status: 201,
      trips: 2,
      keep: (body) => (made.advisoryDraftId = JSON.parse(body).data.advisory.id),
    },
  ],
  [
    'POST /api/admin/advisories/{id}/publish',
    {
      fn: adminAdvisories,
      call: () => staff('POST', `/api/admin/advisories/${made.advisoryDraftId}/publish`),
      status: 200,
      trips: 2,
    },
  ],
  [
    'GET /api/admin/accounts/warnings',
    { fn: adminConsumptionWarnings, call: () => staff('GET', '/api/admin/accounts/warnings'), status: 200, trips: 2 },
  ],
  ['GET /api/admin/outbox', { fn: adminOutbox, call: () => staff('GET', '/api/admin/outbox'), status: 200, trips: 2 }],
  [
    'GET /api/admin/outbox/summary',
    { fn: adminOutbox, call: () => staff('GET', '/api/admin/outbox/summary'), status: 200, trips: 2 },
  ],
  [
    'GET /api/admin/payments',
    { fn: adminPayments, call: () => staff('GET', '/api/admin/payments'), status: 200, trips: 2 },
  ],
  [
    'GET /api/admin/payments/{billId}',
    {
      fn: adminPayments,
      call: () => staff('GET', `/api/admin/payments/${made.billId}`),
      status: 200,
      trips: 2,
    },
  ],
  [
    'POST /api/logout',
    {
      fn: logout,
      call: () => ({ method: 'POST', path: '/api/logout', token: made.leavingToken }),
      status: 200,
      trips: 2,
    },
  ],
  [
    'POST /api/admin/files (an inline PDF)',
    {
      fn: adminFiles,
      call: () => staff('POST', '/api/admin/files', form({}, { name: 'memoria.pdf', bytes: pdfBytes(5_000) })),
      status: 201,
      trips: 2,
      keep: (body) => (made.publishedFile = JSON.parse(body).data.url),
    },
  ],
  // A public function, after the admin's row that published its file.
  ['GET /api/files/{id}/{name}', { fn: files, call: () => get(made.publishedFile), status: 200, trips: 1 }],
  [
    'POST /api/admin/accounts/import',
    {
      fn: adminAccounts,
      call: async () =>
        staff('POST', '/api/admin/accounts/import', {
          uploadId: (
            await chunkedUpload(
              'cuentas.csv',
              new TextEncoder().encode(
                'service_number;balance;install_address;expiration_date;doc_url\n400001;25400;Prat 450;;\n',
              ),
              'accounts',
              made.token,
            )
          ).id,
          exportedAt: '2026-11-22T10:30',
        }),
      status: 200,
      // Above two trips: 5, the sign-in check, the completed upload's row, the towns a line may name,
      // the import's batch and the upload's deletion (readCompletedUpload, accountTowns, importAccounts,
      // discardUpload in admin-accounts.ts)
      trips: 5,
    },
  ],
  [
    'POST /api/admin/readings/import',
    {
      fn: adminAccounts,
      call: async () =>
        staff('POST', '/api/admin/readings/import', {
          uploadId: (
            await chunkedUpload(
              'lecturas.csv',
              new TextEncoder().encode(
                'service_number;period;read_from;read_to;reading_from;reading_to;consumption_m3;reading_type;overconsumption_m3;fixed_charge;water_charge;sewer_charge;treatment_charge;overconsumption_charge;subsidy_amount;agreement_instalment;other_charges;compensation;total;due_date\n400001;2026-10;2026-10-01;2026-10-28;100;118;18;real;0;1500;9000;6000;3000;0;0;0;0;0;19500;2026-11-10\n',
              ),
              'readings',
              made.token,
            )
          ).id,
        }),
      status: 200,
      // As the accounts' import: the sign-in check, the completed upload's row, the accounts a line
      // may name, the import's batch and the upload's deletion (readingAccounts, importReadings);
      // then the warning's read of the periods written against their histories (warnHighConsumption:
      // a batch more only when one is over the threshold).
      trips: 6,
    },
  ],
];

/** The token of the last outage-alert link mailed for `action` (confirmar, baja). */
async function alertToken(action: string) {
  const [mail] = await db().query<{ body: string }>(
    `SELECT body FROM outbox WHERE reference LIKE 'ALE-%' ORDER BY id DESC LIMIT 1`,
  );
  return new RegExp(`/cortes/alertas/${action}\\?token=([A-Za-z0-9_-]+)`).exec(mail!.body)![1]!;
}

describe('the table', () => {
  it('has a row for every function; a scheduled one, which answers no request, is left out by name', async () => {
    const rowed = new Set<unknown>([...publicRows, ...adminRows].map(([, row]) => row.fn));
    const names = (await readdir(functionsDir)).filter((file) => file.endsWith('.ts')).map((file) => file.slice(0, -3));
    const withoutRow = [];
    for (const name of names) if (!rowed.has(await loadFunction(name))) withoutRow.push(name);
    // Their runs are bounded by time instead (scheduled-run-time.test.ts), and their trips grow with the work they find.
    expect(withoutRow.sort()).toEqual(Object.keys(ANSWERING_NO_REQUEST).sort());
  });
});

describe.each([...publicRows, ...adminRows])('%s', (_endpoint, row) => {
  it(`makes ${row.trips} round trip(s)`, async () => {
    const { status, text, calls } = await roundTripsOf(row.fn, await row.call());
    expect(status, text).toBe(row.status);
    row.keep?.(text);
    expect(calls.length, `its round trips:\n${calls.join('\n')}\n`).toBe(row.trips);
  });
});
