import { beforeEach, describe, expect, it } from 'vitest';
import * as adminAccount from '../../netlify/functions/admin-account.ts';
import * as adminAudit from '../../netlify/functions/admin-audit.ts';
import * as adminPayments from '../../netlify/functions/admin-payments.ts';
import * as logout from '../../netlify/functions/logout.ts';
import {
  accessRows,
  auditRows,
  callFunction,
  read,
  signedInAdmin,
  signInFully,
  useAdminEnvironment,
} from '../helpers/admin.ts';

/** Every sign-in, failure, sign-out, renewal, payment detail read and export is in the audit log. */

const environment = useAdminEnvironment();
const db = () => environment.database.db;

const signIn = (email: string, password: string, ip = '127.0.0.1') => signInFully(db(), { email, password }, { ip });

beforeEach(async () => {
  await db().query('DELETE FROM audit_log');
  await db().query('DELETE FROM login_failures');
  await db().query('DELETE FROM admins');
});

describe('sign-ins in the audit log', () => {
  it('records a sign-in with the admin, before the token is answered', async () => {
    const ana = await signedInAdmin(db(), 'Ana Admin', 'ana@example.com');
    expect((await signIn('ANA@example.com', ana.password)).status).toBe(200);
    expect(await accessRows(db())).toEqual([
      {
        admin_id: ana.id,
        admin_email: 'ana@example.com',
        action: 'sign_in',
        entity: 'session',
        entity_id: ana.id,
        summary: 'Inicio de sesión correcto',
      },
    ]);
  });

  it('records a wrong password against the admin, and an unknown e-mail with no admin; never the password', async () => {
    const ana = await signedInAdmin(db(), 'Ana Admin', 'ana@example.com');
    expect((await signIn('ana@example.com', 'no-es-la-clave-1')).status).toBe(401);
    expect((await signIn('  Nadie@Example.com', 'no-es-la-clave-2')).status).toBe(401);
    expect(await accessRows(db())).toEqual([
      expect.objectContaining({
        admin_id: ana.id,
        admin_email: 'ana@example.com',
        action: 'sign_in_failed',
        summary: 'Contraseña incorrecta',
      }),
      expect.objectContaining({
        admin_id: null,
        admin_email: 'nadie@example.com',
        action: 'sign_in_failed',
        summary: 'No hay un administrador con ese correo',
      }),
    ]);
    expect(JSON.stringify(await db().query('SELECT * FROM audit_log'))).not.toMatch(/no-es-la-clave/);
  });

  it('records an attempt refused by the throttle, which never checks the password', async () => {
    const ana = await signedInAdmin(db(), 'Ana Admin', 'ana@example.com');
    for (let i = 0; i < 5; i++) expect((await signIn('ana@example.com', 'mala', '203.0.113.9')).status).toBe(401);
    expect((await signIn('ana@example.com', ana.password, '203.0.113.9')).status).toBe(429);
    const rows = await accessRows(db());
    expect(rows.map((row) => row.action)).toEqual([...Array(6).fill('sign_in_failed')]);
    expect(rows.at(-1)).toMatchObject({
      admin_id: ana.id,
      summary: 'Rechazado sin revisar la contraseña: demasiados intentos fallidos',
    });
  });
});

describe('sessions in the audit log', () => {
  it('records a sign-out and a token renewal, and neither is a change', async () => {
    const ana = await signedInAdmin(db(), 'Ana Admin', 'ana@example.com');
    expect((await callFunction(adminAccount, 'POST', '/api/admin/account/token', { token: ana.token })).status).toBe(
      200,
    );
    expect((await callFunction(logout, 'POST', '/api/logout', { token: ana.token })).status).toBe(200);
    expect(await accessRows(db())).toEqual([
      {
        admin_id: ana.id,
        admin_email: 'ana@example.com',
        action: 'renew',
        entity: 'session',
        entity_id: ana.id,
        summary: 'Token renovado',
      },
      {
        admin_id: ana.id,
        admin_email: 'ana@example.com',
        action: 'sign_out',
        entity: 'session',
        entity_id: ana.id,
        summary: 'Cerró sesión en todos sus dispositivos',
      },
    ]);
    expect(await auditRows(db())).toEqual([]);
  });

  it('records no renewal that was refused', async () => {
    const ana = await signedInAdmin(db(), 'Ana Admin', 'ana@example.com');
    await callFunction(logout, 'POST', '/api/logout', { token: ana.token });
    expect((await callFunction(adminAccount, 'POST', '/api/admin/account/token', { token: ana.token })).status).toBe(
      401,
    );
    expect((await accessRows(db())).map((row) => row.action)).toEqual(['sign_out']);
  });
});

describe('payments read and exported, in the audit log', () => {
  const billId = 'b0000000-0000-4000-8000-00000000a0d1';
  beforeEach(async () => {
    await db().query('DELETE FROM bills');
    await db().query(
      `INSERT INTO accounts (service_number, balance, install_address) VALUES ('100001', 0, 'Baquedano 1240') ON CONFLICT DO NOTHING`,
    );
    await db().query(
      `INSERT INTO bills (id, service_number, amount, email, billing_type, payment_method, status, buy_order, session_id, token)
       VALUES ($1, '100001', 18990, 'paga@example.com', 'boleta', 'webpay-plus', 'paid', 'AP-AUDIT-1', 'S-AUDIT-1', 'T-AUDIT-1')`,
      [billId],
    );
  });

  it("records a payment's detail read, with its buy order and service but not the payer's e-mail", async () => {
    const ana = await signedInAdmin(db(), 'Ana Admin', 'ana@example.com');
    const answer = await callFunction(adminPayments, 'GET', `/api/admin/payments/${billId}`, { token: ana.token });
    expect(answer.status).toBe(200);
    expect(await accessRows(db())).toEqual([
      {
        admin_id: ana.id,
        admin_email: 'ana@example.com',
        action: 'view',
        entity: 'payment',
        entity_id: billId,
        summary: 'Orden AP-AUDIT-1, servicio 100001',
      },
    ]);
    expect(JSON.stringify(await accessRows(db()))).not.toContain('paga@example.com');
  });

  it('records nothing for a payment that does not exist', async () => {
    const ana = await signedInAdmin(db(), 'Ana Admin', 'ana@example.com');
    const missing = 'b0000000-0000-4000-8000-00000000ffff';
    const answer = await callFunction(adminPayments, 'GET', `/api/admin/payments/${missing}`, { token: ana.token });
    expect(answer.status).toBe(404);
    expect(await accessRows(db())).toEqual([]);
  });

  it('records an export with its filters, and none for a refused one', async () => {
    const ana = await signedInAdmin(db(), 'Ana Admin', 'ana@example.com');
    const exported = await callFunction(
      adminPayments,
      'GET',
      '/api/admin/payments/export?from=2026-03-01&status=paid&serviceNumber=100001',
      { token: ana.token },
    );
    expect(exported.status).toBe(200);
    await exported.arrayBuffer();
    expect((await callFunction(adminPayments, 'GET', '/api/admin/payments/export', { token: ana.token })).status).toBe(
      200,
    );
    expect(
      (await callFunction(adminPayments, 'GET', '/api/admin/payments/export?status=nada', { token: ana.token })).status,
    ).toBe(400);
    expect(await accessRows(db())).toEqual([
      expect.objectContaining({
        action: 'export',
        entity: 'payments',
        summary: 'CSV de pagos Webpay: desde 2026-03-01, estado paid, servicio 100001',
      }),
      expect.objectContaining({ action: 'export', entity: 'payments', summary: 'CSV de pagos Webpay, sin filtros' }),
    ]);
  });
});

describe('GET /api/admin/audit?view=', () => {
  it('lists everything, only the changes or only the accesses', async () => {
    const ana = await signedInAdmin(db(), 'Ana Admin', 'ana@example.com');
    await signIn('ana@example.com', ana.password);
    await callFunction(adminAccount, 'PUT', '/api/admin/account', {
      token: ana.token,
      body: { name: 'Ana Admin Nueva', email: 'ana@example.com', avatar: '' },
    });
    const actions = async (query: string) => {
      const { status, body } = await read(
        await callFunction(adminAudit, 'GET', `/api/admin/audit${query}`, { token: ana.token }),
      );
      expect(status).toBe(200);
      return { total: body.data.total, actions: body.data.entries.map((entry: { action: string }) => entry.action) };
    };
    expect(await actions('')).toEqual({ total: 2, actions: ['update', 'sign_in'] });
    expect(await actions('?view=cambios')).toEqual({ total: 1, actions: ['update'] });
    expect(await actions('?view=accesos&page=1')).toEqual({ total: 1, actions: ['sign_in'] });
    const refused = await read(
      await callFunction(adminAudit, 'GET', '/api/admin/audit?view=todo', { token: ana.token }),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.errors.view).toBe('Vista no válida.');
  });
});
