import { expect, type APIRequestContext, type Browser, type Page, type Route } from '@playwright/test';
import { COMPLAINT_BUSINESS_DAYS } from '../../../src/shared/cases/schema.ts';
import { addBusinessDays, businessDaysUntil } from '../../../src/shared/time/business-days.ts';
import { chileDate } from '../../../src/shared/time/wall-clock.ts';
import { e2eAdmin, useSession } from './admin-session.ts';
import { query } from './database.ts';

/** A name no other test gives, to find this test's cases among everyone's (Buscar). */
export const uniqueName = (what: string) => `${what}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** Chile's today, as the server counts business days. */
export const chileToday = () => chileDate(new Date());

/**
 * The latest day a complaint could have arrived on to have `left` business days left today (0 due
 * today, negative overdue), found by trying the days before today.
 */
export function complaintArrivalFor(left: number): string {
  const today = chileToday();
  for (let back = 0; back < 60; back += 1) {
    const day = chileDate(new Date(Date.now() - back * 86_400_000));
    if (businessDaysUntil(today, addBusinessDays(day, COMPLAINT_BUSINESS_DAYS)) === left) return day;
  }
  throw new Error(`No arrival gives ${left} business days left`);
}

async function submitted(response: Awaited<ReturnType<APIRequestContext['post']>>): Promise<string> {
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: { reference: string } }).data.reference;
}

interface Citizen {
  surname: string;
  city?: string;
  /** The Chilean day it arrived on (X-Local-Now, local mode only), today by default. */
  arrivedOn?: string;
}

// Noon in Aysén (UTC−3) is that day.
const arrivalHeaders = (day?: string): Record<string, string> =>
  day ? { 'X-Local-Now': new Date(`${day}T12:00:00-03:00`).toISOString() } : {};

/** A reclamo sent through POST /api/reclamos, as /reclamos sends it. */
export const sendComplaint = async (
  request: APIRequestContext,
  { surname, city = 'Coyhaique', arrivedOn }: Citizen,
  details = 'Desde el lunes la presión del agua es muy baja.',
) =>
  submitted(
    await request.post('/api/reclamos', {
      headers: arrivalHeaders(arrivedOn),
      data: {
        name: 'Jorge',
        surname,
        email: `${surname.toLowerCase()}@example.com`,
        phone: '',
        address: 'Prat 450',
        city,
        clientNumber: '100001',
        complaintDetails: details,
      },
    }),
  );

/** A contact message sent through POST /api/contacto. */
export const sendMessage = async (request: APIRequestContext, { surname, city = 'Coyhaique', arrivedOn }: Citizen) =>
  submitted(
    await request.post('/api/contacto', {
      headers: arrivalHeaders(arrivedOn),
      data: {
        name: 'Marta',
        surname,
        email: `${surname.toLowerCase()}@example.com`,
        phone: '',
        address: '',
        city,
        reqs: '¿Cuándo vuelve el agua a mi sector?',
      },
    }),
  );

/** A job application with its CV, sent through POST /api/job as /trabaje-con-nosotros sends it. */
export const sendApplication = async (request: APIRequestContext, name: string, cv: { name: string; buffer: Buffer }) =>
  submitted(
    await request.post('/api/job', {
      multipart: {
        name,
        email: `${name.toLowerCase().replace(/\s+/g, '.')}@example.com`,
        rut: '12.345.678-5',
        address: '',
        fileName: cv.name,
        file: { name: cv.name, mimeType: 'application/pdf', buffer: cv.buffer },
      },
    }),
  );

/** A small file that is a PDF by its bytes (the server checks them). */
export function pdf(size: number): Buffer {
  const bytes = Buffer.alloc(size, 0x20);
  bytes.write('%PDF-1.7\n');
  for (let i = 64; i < size; i += 997) bytes[i] = i % 251;
  return bytes;
}

/** The id of a case, for its detail's address. */
export async function caseIdOf(reference: string): Promise<string> {
  const [row] = await query<{ id: string }>('SELECT id::text FROM cases WHERE reference = $1', [reference]);
  return row!.id;
}

/** A complaint as a citizen types it on /reclamos, for service 100001. */
interface ComplaintTyped {
  name?: string;
  surname?: string;
  email?: string;
  address?: string;
  city?: string;
  details?: string;
}

/** Fills /reclamos's form (Jorge Navarro's complaint unless `typed` says otherwise). */
export async function fillComplaint(
  page: Page,
  {
    name = 'Jorge',
    surname = 'Navarro',
    email = 'jorge@example.com',
    address = 'Prat 450',
    city = 'Puerto Aysén',
    details = 'Desde el lunes la presión del agua es muy baja.',
  }: ComplaintTyped = {},
) {
  await page.getByLabel('Nombre').fill(name);
  await page.getByLabel('Apellido').fill(surname);
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Dirección del servicio').fill(address);
  await page.getByLabel('Ciudad').fill(city);
  await page.getByLabel('Número de servicio').fill('100001');
  await page.getByLabel('Detalle del reclamo').fill(details);
}

/** Sends /reclamos's form: answers its confirmation, once it says so, and the reference it shows. */
export async function sendComplaintForm(page: Page) {
  await page.getByRole('button', { name: 'Enviar' }).click();
  const status = page.getByRole('status');
  await expect(status).toContainText('Mensaje enviado.');
  const reference = (await status.textContent())!.match(/REC-[2-9A-Z]{8}/)![0];
  return { status, reference };
}

/** A route's requests answered at `instant` of the server's clock (X-Local-Now, honoured in local mode only). */
export const atServer = (instant: string) => (route: Route) =>
  route.continue({ headers: { ...route.request().headers(), 'x-local-now': instant } });

/** Atención ciudadana, opened by the e2e admin on `day` (the server's clock) and searched for `reference`. */
export async function staffCaseRow(browser: Browser, reference: string, day: string) {
  const staff = await browser.newPage();
  await useSession(staff, e2eAdmin);
  await staff.route('**/api/admin/cases**', atServer(day));
  await staff.goto(`/admin/atencion?q=${reference}`);
  return { staff, row: staff.getByRole('row').filter({ hasText: reference }) };
}
