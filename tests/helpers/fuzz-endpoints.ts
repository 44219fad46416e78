import { AccountsImportSchema } from '../../src/shared/accounts/schema.ts';
import { ReadingsImportSchema } from '../../src/shared/consumption/readings-import.ts';
import {
  AdminCreateSchema,
  AdminProfileSchema,
  AdminUpdateSchema,
  PasswordChangeSchema,
} from '../../src/shared/admins/schema.ts';
import { AdvisoryListQuerySchema, AdvisoryUpdateInputSchema } from '../../src/shared/advisories/admin/schema.ts';
import { AdvisoryInputSchema, AdvisoryLiftSchema } from '../../src/shared/advisories/schema.ts';
import { AuditQuerySchema } from '../../src/shared/audit/schema.ts';
import { LoginSchema, SecondFactorSchema } from '../../src/shared/auth/schema.ts';
import { BillRequestSchema, TicketRequestSchema } from '../../src/shared/payments/schema.ts';
import { BootstrapSchema } from '../../src/shared/bootstrap/schema.ts';
import {
  CaseListQuerySchema,
  CaseNoteSchema,
  CaseReplySchema,
  CaseSettingsSchema,
  CaseUpdateSchema,
  FollowUpQuerySchema,
} from '../../src/shared/cases/schema.ts';
import { ComplaintSchema } from '../../src/shared/complaints/schema.ts';
import { ConsumptionLookupSchema } from '../../src/shared/consumption/schema.ts';
import { WarningOptOutSchema } from '../../src/shared/consumption/warnings.ts';
import { ContactSchema } from '../../src/shared/contact/schema.ts';
import {
  DeskListQuerySchema,
  DeskMessageSchema,
  DeskNoteSchema,
  DeskStatusSchema,
  TeamChangeSchema,
  TrailQuerySchema,
} from '../../src/shared/denuncias/desk/schema.ts';
import {
  NoticeChoiceSchema,
  ReceiptQuerySchema,
  ReporterMessageSchema,
} from '../../src/shared/denuncias/follow-up/schema.ts';
import { DenunciaSchema } from '../../src/shared/denuncias/schema.ts';
import { DocumentInputSchema, DownloadQuerySchema } from '../../src/shared/documents/schema.ts';
import { EducationInputSchema } from '../../src/shared/education/schema.ts';
import { InvitationAcceptSchema, InvitationLookupSchema } from '../../src/shared/invitations/schema.ts';
import { JobApplicationSchema } from '../../src/shared/jobs/schema.ts';
import { MotorhomeSchema } from '../../src/shared/motorhome/schema.ts';
import { ReportInputSchema } from '../../src/shared/news/schema.ts';
import {
  OutageAlertSubscriptionSchema,
  OutageAlertTokenSchema,
  PhoneAlertCodeSchema,
  PhoneAlertSettingsSchema,
  PhoneAlertSubscriptionSchema,
} from '../../src/shared/outage-alerts/schema.ts';
import {
  OutageListQuerySchema,
  OutageStatusChangeSchema,
  OutageSupplyTimesSchema,
  OutageTownInputSchema,
  OutageUpdateInputSchema,
} from '../../src/shared/outages/admin/schema.ts';
import { OutageInputSchema, OutageLookupSchema, OutagePublishSchema } from '../../src/shared/outages/schema.ts';
import { ManualSettlementSchema, PaymentFiltersSchema } from '../../src/shared/payments/admin/schema.ts';
import {
  RightsErasureSchema,
  RightsExtensionSchema,
  RightsInclusionSchema,
  RightsProofSchema,
  RightsRectificationSchema,
} from '../../src/shared/rights/desk/schema.ts';
import { PreviewAnonymisationSchema } from '../../src/shared/preview/schema.ts';
import { RightsDownloadSchema } from '../../src/shared/rights/records/schema.ts';
import { RightsConfirmSchema, RightsRequestSchema } from '../../src/shared/rights/schema.ts';
import { UploadStartSchema } from '../../src/shared/uploads/schema.ts';
import type { FuzzedFunction, Input, Route } from './fuzz-probes.ts';
import { motorhomeRegistration, plannedOutage, supplyPoint } from './submissions.ts';

/**
 * Every function of netlify/functions with a path, each route and method it serves, and a valid
 * input of each route from its shared schema (fuzz-endpoints.test checks all three against the
 * modules). The scheduled and background functions are in ANSWERING_NO_REQUEST (fuzz.ts), with why.
 */

const token43 = 'A'.repeat(43);
const receipt = 'ABCD-EFGH-JKLM-NPQR';
const contact = { name: 'Ana', surname: 'Rojas', email: 'ana@example.com', reqs: 'Consulta.' };

const get = (path: string, extra: Partial<Route> = {}): Route => ({ method: 'GET', path, ...extra });
const post = (path: string, extra: Partial<Route> = {}): Route => ({ method: 'POST', path, ...extra });
const put = (path: string, extra: Partial<Route> = {}): Route => ({ method: 'PUT', path, ...extra });
const del = (path: string): Route => ({ method: 'DELETE', path });

export const publicFunctions: FuzzedFunction[] = [
  { name: 'advisories-page', routes: [get('/avisos'), get('/avisos/:id')] },
  { name: 'advisories', routes: [get('/api/advisories')] },
  {
    name: 'payments-balance',
    routes: [post('/api/ticket', { json: { schema: TicketRequestSchema, valid: { service_number: '100001' } } })],
  },
  {
    name: 'bootstrap',
    routes: [
      get('/api/bootstrap'),
      post('/api/bootstrap', {
        json: {
          schema: BootstrapSchema,
          valid: {
            token: 'x'.repeat(40),
            name: 'Ana',
            email: 'a@example.com',
            password: 'una-contraseña-larga',
            confirmPassword: 'una-contraseña-larga',
          },
        },
      }),
    ],
  },
  { name: 'cap', routes: [get('/cap/alertas.atom'), get('/cap/:identifier.xml')] },
  {
    name: 'cases-follow-up',
    routes: [
      post('/api/seguimiento', {
        json: { schema: FollowUpQuerySchema, valid: { reference: 'REC-ABCDEFGH', email: 'a@example.com' } },
      }),
    ],
  },
  {
    name: 'consumption',
    routes: [
      post('/api/consumo', {
        json: { schema: ConsumptionLookupSchema, valid: { service_number: '100001', rut: '12.345.678-5' } },
      }),
    ],
  },
  {
    name: 'consumption-page',
    routes: [post('/consumo', { form: { service_number: '100001', rut: '12.345.678-5' } })],
  },
  {
    name: 'complaints',
    routes: [
      post('/api/reclamos', {
        json: {
          schema: ComplaintSchema,
          valid: { ...contact, address: 'Baquedano 1240', city: 'Coyhaique', complaintDetails: 'Corte sin aviso.' },
        },
      }),
    ],
  },
  { name: 'contact', routes: [post('/api/contacto', { json: { schema: ContactSchema, valid: contact } })] },
  {
    name: 'denuncias-follow-up',
    routes: [
      post('/api/denuncias/seguimiento', { json: { schema: ReceiptQuerySchema, valid: { receipt } } }),
      post('/api/denuncias/seguimiento/mensajes', {
        multipart: { schema: ReporterMessageSchema, valid: { receipt, body: 'Hola.' }, file: true },
      }),
      post('/api/denuncias/seguimiento/aviso', {
        json: { schema: NoticeChoiceSchema, valid: { receipt, notify: true } },
      }),
    ],
  },
  {
    name: 'denuncias',
    routes: [
      post('/api/denuncias', {
        multipart: {
          schema: DenunciaSchema,
          valid: {
            denunciaRelacion: 'Cliente',
            denunciaLugar: 'Recintos',
            denunciaType: 'Consultas',
            denunciaText: 'Un relato.',
          },
          file: true,
        },
      }),
    ],
  },
  {
    name: 'documents-download',
    routes: [
      get('/api/download', { query: { schema: DownloadQuerySchema, valid: { fileType: 'memories', year: '2024' } } }),
    ],
  },
  { name: 'company-page', routes: [get('/nosotros')] },
  { name: 'documents', routes: [get('/api/documents')] },
  { name: 'education-documents', routes: [get('/api/education/documents')] },
  { name: 'education-page', routes: [get('/educacion')] },
  { name: 'files', routes: [get('/api/files/:id/:name', { params: { name: 'informe.pdf' } })] },
  { name: 'health', routes: [get('/api/health')] },
  { name: 'indicators-page', routes: [get('/indicadores')] },
  { name: 'news-page', routes: [get('/comunicados'), get('/comunicados/:key')] },
  { name: 'published-sitemap', routes: [get('/sitemap-publicaciones.xml')] },
  { name: 'news-feed', routes: [get('/comunicados.xml')] },
  {
    name: 'indicators',
    routes: [get('/api/indicadores'), get('/indicadores.csv'), get('/indicadores-excel.csv')],
  },
  {
    name: 'invitations',
    routes: [
      post('/api/invitation', { json: { schema: InvitationLookupSchema, valid: { token: 'x'.repeat(43) } } }),
      post('/api/invitation/accept', {
        json: {
          schema: InvitationAcceptSchema,
          valid: {
            token: 'x'.repeat(43),
            password: 'una-contraseña-larga',
            confirmPassword: 'una-contraseña-larga',
            secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
            code: '123456',
          },
        },
      }),
    ],
  },
  {
    name: 'jobs',
    routes: [
      post('/api/job', {
        multipart: {
          schema: JobApplicationSchema,
          valid: { name: 'Camila Ríos', email: 'camila@example.com', rut: '12.345.678-5' },
          file: true,
        },
      }),
    ],
  },
  {
    name: 'login',
    routes: [
      post('/api/login', {
        json: { schema: LoginSchema, valid: { email: 'nadie@example.com', password: 'x'.repeat(12) } },
      }),
      post('/api/login/second-factor', {
        json: { schema: SecondFactorSchema, valid: { challenge: 'x'.repeat(100), code: '123456' } },
      }),
    ],
  },
  {
    name: 'motorhome',
    routes: [
      post('/api/motorhome', {
        json: {
          schema: MotorhomeSchema,
          valid: motorhomeRegistration,
        },
      }),
    ],
  },
  { name: 'news', routes: [get('/api/reports')] },
  {
    name: 'outage-alerts-subscriptions',
    routes: [
      post('/api/cortes/alertas', {
        json: { schema: OutageAlertSubscriptionSchema, valid: { email: 'a@example.com', towns: ['coyhaique'] } },
      }),
      post('/api/cortes/alertas', {
        variant: 'un teléfono',
        json: { schema: PhoneAlertSubscriptionSchema, valid: { phone: '+56987654321', towns: ['coyhaique'] } },
      }),
      post('/api/cortes/alertas/confirmar', { json: { schema: OutageAlertTokenSchema, valid: { token: token43 } } }),
      post('/api/cortes/alertas/confirmar', {
        variant: 'un teléfono',
        json: { schema: PhoneAlertCodeSchema, valid: { phone: '+56987654321', code: '123456' } },
      }),
      post('/api/cortes/alertas/baja', { json: { schema: OutageAlertTokenSchema, valid: { token: token43 } } }),
    ],
  },
  {
    // Unsigned, as a stranger posts them: every request is refused with 403, none with a 5xx.
    name: 'phone-alerts',
    routes: [
      post('/api/sms/entrante', { form: { From: '+56987654321', Body: 'CORTES COYHAIQUE', MessageSid: 'SM1' } }),
      post('/api/sms/estado', { form: { MessageSid: 'SM1', MessageStatus: 'delivered' } }),
    ],
  },
  {
    name: 'outages-feeds',
    routes: [get('/cortes/feed.xml'), get('/cortes/:town.ics', { params: { town: 'coyhaique' } })],
  },
  { name: 'outages-geojson', routes: [get('/cortes.geojson')] },
  { name: 'outages-history-page', routes: [get('/cortes/historial')] },
  {
    name: 'outages-lookup',
    routes: [post('/api/outages/lookup', { json: { schema: OutageLookupSchema, valid: { serviceNumber: '100001' } } })],
  },
  { name: 'outages-page', routes: [get('/cortes'), get('/cortes/alertas')] },
  { name: 'outages', routes: [get('/api/outages')] },
  {
    name: 'payments-bills',
    routes: [
      post('/api/bills/new', {
        json: { schema: BillRequestSchema, valid: { paymentOption: 'webpay-plus', serviceNumber: '100001' } },
      }),
      get('/api/bills/:billId'),
    ],
  },
  { name: 'payments-receipt-page', routes: [get('/tbk-final/*')] },
  { name: 'payments-records', routes: [get('/api/tbk-payments/:tbkPaymentId')] },
  {
    name: 'payments-return',
    anyMethod: true,
    routes: [
      get('/api/tbk/return', { query: { valid: { token_ws: 'x'.repeat(64) } } }),
      post('/api/tbk/return', { form: { token_ws: 'x'.repeat(64) } }),
    ],
  },
  {
    name: 'preview-anonymisation',
    routes: [
      post('/api/preview-anonymisation', {
        json: {
          schema: PreviewAnonymisationSchema,
          valid: { connectionString: 'postgres://preview@127.0.0.1:1/branch' },
        },
      }),
    ],
  },
  {
    name: 'consumption-warnings',
    routes: [post('/api/consumo/avisos/baja', { json: { schema: WarningOptOutSchema, valid: { token: token43 } } })],
  },
  {
    name: 'rights-confirm',
    routes: [post('/api/derechos/confirmar', { json: { schema: RightsConfirmSchema, valid: { token: token43 } } })],
  },
  {
    name: 'rights-download',
    routes: [post('/api/derechos/descarga', { json: { schema: RightsDownloadSchema, valid: { token: token43 } } })],
  },
  {
    name: 'rights',
    routes: [
      post('/api/derechos', {
        json: {
          schema: RightsRequestSchema,
          valid: { type: 'acceso', name: 'Rosa Vera', email: 'rosa@example.com', details: 'Mis datos.' },
        },
      }),
    ],
  },
  {
    name: 'uploads',
    routes: [
      post('/api/uploads', {
        json: { schema: UploadStartSchema, valid: { purpose: 'cv', fileName: 'cv.pdf', size: 5_000_000 } },
      }),
      put('/api/uploads/:id/chunks/:index', { params: { index: '0' }, bytes: true }),
      post('/api/uploads/:id/complete'),
    ],
  },
];

const advisory = {
  kind: 'hervir',
  towns: ['puerto-aysen'],
  sectors: 'Población Gabriela Mistral',
  startsAt: '2026-03-02T08:00:00-03:00',
  instructions: 'Hierva el agua al menos un minuto antes de beberla.',
  supplyPoints: [supplyPoint],
};
const profile = { name: 'Berta Admin', email: 'berta@example.com', avatar: '', ownPassword: 'contraseña-de-prueba' };
const admin = (name: string, routes: Route[], signedIn: FuzzedFunction['signedIn'] = 'administrador') => ({
  name,
  routes,
  signedIn,
});
/** A list staff manage (admin-collection.ts): list and create, read, change and delete one. */
const collection = (name: string, path: string, input: Input) =>
  admin(name, [
    get(path),
    post(path, { json: input }),
    get(`${path}/:id`),
    put(`${path}/:id`, { json: input }),
    del(`${path}/:id`),
  ]);

export const adminFunctions: FuzzedFunction[] = [
  // Outside /api/admin/, for a signed-in admin of any role.
  admin('admins', [get('/api/admins/:id')]),
  admin('logout', [post('/api/logout')]),
  admin('admin-account', [
    get('/api/admin/account'),
    put('/api/admin/account', { json: { schema: AdminProfileSchema, valid: profile } }),
    post('/api/admin/account/password', {
      json: {
        schema: PasswordChangeSchema,
        valid: {
          currentPassword: 'contraseña-de-prueba',
          newPassword: 'otra-contraseña-larga',
          confirmPassword: 'otra-contraseña-larga',
        },
      },
    }),
    post('/api/admin/account/token'),
  ]),
  admin('admin-accounts', [
    post('/api/admin/accounts/import', {
      json: {
        schema: AccountsImportSchema,
        valid: { uploadId: '00000000-0000-4000-8000-000000000001', exportedAt: '2026-03-02T08:00' },
      },
    }),
    post('/api/admin/readings/import', {
      json: { schema: ReadingsImportSchema, valid: { uploadId: '00000000-0000-4000-8000-000000000001' } },
    }),
  ]),
  admin('admin-consumption-warnings', [get('/api/admin/accounts/warnings')]),
  admin('admin-admins', [
    get('/api/admin/admins'),
    post('/api/admin/admins', {
      json: { schema: AdminCreateSchema, valid: { ...profile, password: 'una-contraseña-larga' } },
    }),
    get('/api/admin/admins/:id'),
    put('/api/admin/admins/:id', { json: { schema: AdminUpdateSchema, valid: { ...profile, password: '' } } }),
    del('/api/admin/admins/:id'),
  ]),
  admin('admin-advisories', [
    get('/api/admin/advisories', {
      query: { schema: AdvisoryListQuerySchema, valid: { status: 'borrador', page: '1' } },
    }),
    post('/api/admin/advisories', { json: { schema: AdvisoryInputSchema, valid: advisory } }),
    get('/api/admin/advisories/:id'),
    put('/api/admin/advisories/:id', { json: { schema: AdvisoryInputSchema, valid: advisory } }),
    del('/api/admin/advisories/:id'),
    post('/api/admin/advisories/:id/publish'),
    post('/api/admin/advisories/:id/updates', {
      json: { schema: AdvisoryUpdateInputSchema, valid: { body: 'Sigue vigente.' } },
    }),
    post('/api/admin/advisories/:id/lift', {
      json: { schema: AdvisoryLiftSchema, valid: { liftMessage: 'Terminó.' } },
    }),
  ]),
  admin('admin-consumption', [get('/api/admin/consumption/:serviceNumber', { params: { serviceNumber: '100001' } })]),
  admin('admin-audit', [
    get('/api/admin/audit', { query: { schema: AuditQuerySchema, valid: { page: '1', view: 'cambios' } } }),
  ]),
  admin('admin-cases', [
    get('/api/admin/cases', {
      query: { schema: CaseListQuerySchema, valid: { kind: 'reclamo', status: 'recibido', q: 'Ana', page: '1' } },
    }),
    get('/api/admin/cases/settings'),
    put('/api/admin/cases/settings', { json: { schema: CaseSettingsSchema, valid: { messageBusinessDays: 10 } } }),
    get('/api/admin/cases/:caseId'),
    put('/api/admin/cases/:caseId', { json: { schema: CaseUpdateSchema, valid: { status: 'en_revision' } } }),
    post('/api/admin/cases/:caseId/notes', { json: { schema: CaseNoteSchema, valid: { body: 'Una nota.' } } }),
    post('/api/admin/cases/:caseId/replies', { json: { schema: CaseReplySchema, valid: { body: 'Una respuesta.' } } }),
    get('/api/admin/cases/:caseId/attachments/:uploadId'),
  ]),
  admin(
    'admin-denuncias',
    [
      get('/api/admin/denuncias', {
        query: { schema: DeskListQuerySchema, valid: { status: 'en_analisis', q: 'DEN', page: '1' } },
      }),
      get('/api/admin/denuncias/trail', { query: { schema: TrailQuerySchema, valid: { page: '1' } } }),
      get('/api/admin/denuncias/team'),
      put('/api/admin/denuncias/team/:adminId', { json: { schema: TeamChangeSchema, valid: { compliance: true } } }),
      get('/api/admin/denuncias/:reference', { params: { reference: 'DEN-7K3M9Q2X' } }),
      put('/api/admin/denuncias/:reference', {
        params: { reference: 'DEN-7K3M9Q2X' },
        json: { schema: DeskStatusSchema, valid: { status: 'en_analisis' } },
      }),
      post('/api/admin/denuncias/:reference/messages', {
        params: { reference: 'DEN-7K3M9Q2X' },
        json: { schema: DeskMessageSchema, valid: { body: 'Hola.' } },
      }),
      post('/api/admin/denuncias/:reference/notes', {
        params: { reference: 'DEN-7K3M9Q2X' },
        json: { schema: DeskNoteSchema, valid: { body: 'Nota.' } },
      }),
      get('/api/admin/denuncias/:reference/attachments/:uploadId', { params: { reference: 'DEN-7K3M9Q2X' } }),
    ],
    'cumplimiento',
  ),
  collection('admin-documents', '/api/admin/documents', {
    schema: DocumentInputSchema,
    valid: { type: 'Memoria', year: 2024, url_file: '/documentos/memoria-2024.pdf' },
  }),
  collection('admin-education', '/api/admin/education', {
    schema: EducationInputSchema,
    valid: {
      content_type: 'Documentos educativos',
      hidden: false,
      title: 'Cuidemos el agua',
      description: '',
      url_file: '/educacion/agua.pdf',
      thumbnail: '',
    },
  }),
  admin('admin-files', [post('/api/admin/files', { multipart: { valid: {}, file: true } })]),
  collection('admin-news', '/api/admin/reports', {
    schema: ReportInputSchema,
    valid: {
      active: true,
      order: 1,
      short_title: 'Corte',
      title: 'Corte programado',
      name: '',
      url_file: '',
      url_file_2: '',
      text: '<p>Hola</p>',
    },
  }),
  admin('admin-outages', [
    get('/api/admin/outages', {
      query: { schema: OutageListQuerySchema, valid: { status: 'borrador', town: 'coyhaique', page: '1' } },
    }),
    post('/api/admin/outages', { json: { schema: OutageInputSchema, valid: plannedOutage } }),
    get('/api/admin/outages/towns'),
    post('/api/admin/outages/towns', {
      json: { schema: OutageTownInputSchema, valid: { name: 'Villa Ortega', latitude: -45.37, longitude: -72.0 } },
    }),
    get('/api/admin/outages/:id'),
    put('/api/admin/outages/:id', { json: { schema: OutageInputSchema, valid: plannedOutage } }),
    del('/api/admin/outages/:id'),
    post('/api/admin/outages/:id/publish', {
      json: { schema: OutagePublishSchema, valid: { confirmShortNotice: false, shortNoticeReason: '' } },
    }),
    put('/api/admin/outages/:id/status', { json: { schema: OutageStatusChangeSchema, valid: { status: 'en_curso' } } }),
    post('/api/admin/outages/:id/updates', { json: { schema: OutageUpdateInputSchema, valid: { body: 'Avanza.' } } }),
    put('/api/admin/outages/:id/supply', {
      json: {
        schema: OutageSupplyTimesSchema,
        valid: {
          supplyStoppedAt: '2026-03-02T11:30:00-03:00',
          supplyRestoredAt: '',
          forceMajeureResolution: '',
          reason: 'La planta registró la caída.',
        },
      },
    }),
    get('/api/admin/outages/:id/afectados.csv'),
    put('/api/admin/outages/:id/water-reports'),
    get('/api/admin/outages/phone-alerts'),
    put('/api/admin/outages/phone-alerts', {
      json: { schema: PhoneAlertSettingsSchema, valid: { billingPhones: false } },
    }),
  ]),
  admin('admin-outbox', [
    get('/api/admin/outbox'),
    get('/api/admin/outbox/summary'),
    post('/api/admin/outbox/:mailId/retry'),
  ]),
  admin('admin-payments', [
    get('/api/admin/payments', {
      query: {
        schema: PaymentFiltersSchema,
        valid: { from: '2026-03-01', to: '2026-03-31', status: 'paid', page: '1' },
      },
    }),
    get('/api/admin/payments/export', {
      query: { schema: PaymentFiltersSchema, valid: { from: '2026-03-01', to: '2026-03-31' } },
    }),
    get('/api/admin/payments/:billId'),
    post('/api/admin/payments/:billId/verify'),
    post('/api/admin/payments/:billId/settle', {
      json: { schema: ManualSettlementSchema, valid: { settlement: 'no-charge', note: 'Revisado con Transbank.' } },
    }),
  ]),
  admin('admin-rights', [
    get('/api/admin/cases/:caseId/rights'),
    get('/api/admin/cases/:caseId/rights/data'),
    post('/api/admin/cases/:caseId/rights/extension', {
      json: { schema: RightsExtensionSchema, valid: { reason: 'Muchos registros.' } },
    }),
    post('/api/admin/cases/:caseId/rights/proof', {
      json: { schema: RightsProofSchema, valid: { requested: 'Cédula.', received: '' } },
    }),
    post('/api/admin/cases/:caseId/rights/export'),
    post('/api/admin/cases/:caseId/rights/erasure', {
      json: { schema: RightsErasureSchema, valid: { records: [{ source: 'contact_messages', id: '1' }] } },
    }),
    post('/api/admin/cases/:caseId/rights/inclusion', {
      json: { schema: RightsInclusionSchema, valid: { source: 'complaints', id: '1', included: true } },
    }),
    post('/api/admin/cases/:caseId/rights/rectification', {
      json: {
        schema: RightsRectificationSchema,
        valid: { source: 'contact_messages', id: '1', field: 'name', value: 'Rosa' },
      },
    }),
    post('/api/admin/cases/:caseId/rights/block'),
  ]),
];
