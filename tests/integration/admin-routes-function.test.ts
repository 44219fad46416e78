import { beforeAll, describe, expect, it } from 'vitest';
import * as adminAccount from '../../netlify/functions/admin-account.ts';
import * as adminCases from '../../netlify/functions/admin-cases.ts';
import * as adminDenuncias from '../../netlify/functions/admin-denuncias.ts';
import * as adminAdvisories from '../../netlify/functions/admin-advisories.ts';
import * as adminOutages from '../../netlify/functions/admin-outages.ts';
import * as adminOutbox from '../../netlify/functions/admin-outbox.ts';
import * as adminPayments from '../../netlify/functions/admin-payments.ts';
import { callFunction, read, signedInAdmin, useAdminEnvironment } from '../helpers/admin.ts';

/**
 * The admin functions of several sub-resources route them by one table (src/server/route-table.ts).
 * Every path of each function's `config.path` has its route: a method it does not serve answers
 * 405 naming the ones it does, never the table's 404, and nothing is read or changed.
 */

const environment = useAdminEnvironment();
const db = () => environment.database.db;
let token: string;

beforeAll(async () => {
  // Both roles: the denuncias desk answers only `cumplimiento`, the rest `administrador`.
  token = (await signedInAdmin(db(), 'Ana Admin', 'ana@example.com', ['administrador', 'cumplimiento'])).token;
});

const ID = '00000000-0000-4000-8000-000000000000';

/** Each function, each pattern of its config with its parameters filled in, and the methods it serves. */
const routes = [
  [adminCases, '/api/admin/cases', 'GET'],
  [adminCases, '/api/admin/cases/settings', 'GET, PUT'],
  [adminCases, `/api/admin/cases/${ID}`, 'GET, PUT'],
  [adminCases, `/api/admin/cases/${ID}/notes`, 'POST'],
  [adminCases, `/api/admin/cases/${ID}/replies`, 'POST'],
  [adminCases, `/api/admin/cases/${ID}/attachments/${ID}`, 'GET'],
  [adminDenuncias, '/api/admin/denuncias', 'GET'],
  [adminDenuncias, '/api/admin/denuncias/trail', 'GET'],
  [adminDenuncias, '/api/admin/denuncias/team', 'GET'],
  [adminDenuncias, `/api/admin/denuncias/team/${ID}`, 'PUT'],
  [adminDenuncias, '/api/admin/denuncias/D-2026-000001', 'GET, PUT'],
  [adminDenuncias, '/api/admin/denuncias/D-2026-000001/messages', 'POST'],
  [adminDenuncias, '/api/admin/denuncias/D-2026-000001/notes', 'POST'],
  [adminDenuncias, `/api/admin/denuncias/D-2026-000001/attachments/${ID}`, 'GET'],
  [adminOutages, '/api/admin/outages', 'GET, POST'],
  [adminOutages, '/api/admin/outages/towns', 'GET, POST'],
  [adminOutages, `/api/admin/outages/${ID}`, 'GET, PUT, DELETE'],
  [adminOutages, `/api/admin/outages/${ID}/publish`, 'POST'],
  [adminOutages, `/api/admin/outages/${ID}/status`, 'PUT'],
  [adminOutages, `/api/admin/outages/${ID}/updates`, 'POST'],
  [adminOutages, `/api/admin/outages/${ID}/supply`, 'PUT'],
  [adminOutages, `/api/admin/outages/${ID}/afectados.csv`, 'GET'],
  [adminOutages, `/api/admin/outages/${ID}/water-reports`, 'PUT'],
  [adminOutages, '/api/admin/outages/phone-alerts', 'GET, PUT'],
  [adminAdvisories, '/api/admin/advisories', 'GET, POST'],
  [adminAdvisories, `/api/admin/advisories/${ID}`, 'GET, PUT, DELETE'],
  [adminAdvisories, `/api/admin/advisories/${ID}/publish`, 'POST'],
  [adminAdvisories, `/api/admin/advisories/${ID}/updates`, 'POST'],
  [adminAdvisories, `/api/admin/advisories/${ID}/lift`, 'POST'],
  [adminPayments, '/api/admin/payments', 'GET'],
  [adminPayments, '/api/admin/payments/export', 'GET'],
  [adminPayments, `/api/admin/payments/${ID}`, 'GET'],
  [adminPayments, `/api/admin/payments/${ID}/verify`, 'POST'],
  [adminPayments, `/api/admin/payments/${ID}/settle`, 'POST'],
  [adminAccount, '/api/admin/account', 'GET, PUT'],
  [adminAccount, '/api/admin/account/password', 'POST'],
  [adminAccount, '/api/admin/account/token', 'POST'],
  [adminOutbox, '/api/admin/outbox', 'GET'],
  [adminOutbox, '/api/admin/outbox/summary', 'GET'],
  [adminOutbox, `/api/admin/outbox/${ID}/retry`, 'POST'],
] as const;

describe('the admin route tables', () => {
  it('route every path of each function config', () => {
    const functions = [
      adminCases,
      adminDenuncias,
      adminOutages,
      adminAdvisories,
      adminPayments,
      adminAccount,
      adminOutbox,
    ];
    expect(functions.flatMap((fn) => [fn.config.path].flat()).length).toBe(routes.length);
  });

  it.each(routes)('%#: %s answers another method 405 with Allow: %s', async (fn, path, allow) => {
    const method = ['POST', 'GET', 'DELETE'].find((candidate) => !allow.split(', ').includes(candidate)) ?? 'PATCH';
    const response = await callFunction(fn, method, path, { token });
    expect(response.headers.get('Allow')).toBe(allow);
    expect(await read(response)).toEqual({
      status: 405,
      body: { success: false, error: 'Método no permitido.', message: 'Método no permitido.' },
    });
  });
});
