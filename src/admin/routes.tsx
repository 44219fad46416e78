import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { Loading } from './components/Loading.tsx';
import { AdminLayout } from './layout/AdminLayout.tsx';
import { homePath, RequireRole } from './session/RequireRole.tsx';
import { RequireSession } from './session/RequireSession.tsx';
import { useUser } from './session/SessionProvider.tsx';

// Each screen is its own chunk: a screen does not load the others' editors or tables.
const AdminList = lazy(() => import('./screens/admins/AdminList.tsx'));
const AdminEditor = lazy(() => import('./screens/admins/AdminEditor.tsx'));
const DocumentList = lazy(() => import('./screens/documents/DocumentList.tsx'));
const DocumentEditor = lazy(() => import('./screens/documents/DocumentEditor.tsx'));
const NewsList = lazy(() => import('./screens/news/NewsList.tsx'));
const NewsEditor = lazy(() => import('./screens/news/NewsEditor.tsx'));
const EducationList = lazy(() => import('./screens/education/EducationList.tsx'));
const EducationEditor = lazy(() => import('./screens/education/EducationEditor.tsx'));
const PaymentList = lazy(() => import('./screens/payments/PaymentList.tsx'));
const PaymentDetail = lazy(() => import('./screens/payments/PaymentDetail.tsx'));
const PaymentExport = lazy(() => import('./screens/payments/PaymentExport.tsx'));
const CaseList = lazy(() => import('./screens/cases/CaseList.tsx'));
const CaseDetail = lazy(() => import('./screens/cases/CaseDetail.tsx'));
const OutageList = lazy(() => import('./screens/outages/OutageList.tsx'));
const OutageEditor = lazy(() => import('./screens/outages/OutageEditor.tsx'));
const OutageDetail = lazy(() => import('./screens/outages/OutageDetail.tsx'));
const AdvisoryList = lazy(() => import('./screens/advisories/AdvisoryList.tsx'));
const AdvisoryEditor = lazy(() => import('./screens/advisories/AdvisoryEditor.tsx'));
const AdvisoryDetail = lazy(() => import('./screens/advisories/AdvisoryDetail.tsx'));
const AccountsImport = lazy(() => import('./screens/accounts/AccountsImport.tsx'));
const AccountConsumption = lazy(() => import('./screens/accounts/AccountConsumption.tsx'));
const ConsumptionWarnings = lazy(() => import('./screens/accounts/ConsumptionWarnings.tsx'));
const ReadingsImport = lazy(() => import('./screens/accounts/ReadingsImport.tsx'));
const AccountScreen = lazy(() => import('./screens/account/AccountScreen.tsx'));
const AuditLog = lazy(() => import('./screens/audit/AuditLog.tsx'));
const OutboxList = lazy(() => import('./screens/outbox/OutboxList.tsx'));
const DenunciaList = lazy(() => import('./screens/denuncias/DenunciaList.tsx'));
const DenunciaDetail = lazy(() => import('./screens/denuncias/DenunciaDetail.tsx'));
const ComplianceTeam = lazy(() => import('./screens/denuncias/ComplianceTeam.tsx'));
const ComplianceTrail = lazy(() => import('./screens/denuncias/ComplianceTrail.tsx'));
const NotFound = lazy(() => import('./screens/NotFound.tsx'));
const BootstrapScreen = lazy(() => import('./screens/bootstrap/BootstrapScreen.tsx'));
const InvitationScreen = lazy(() => import('./screens/bootstrap/InvitationScreen.tsx'));

/**
 * Spec §2's admin route table (but /login, a page of its own: screens/LoginScreen.tsx), plus
 * /admin/registro for the audit log, /admin/correo for the mail not sent yet,
 * /admin/cuentas/importar and /admin/cuentas/lecturas for the billing exports, /admin/cuentas/consumo for a
 * service's consumption, /admin/cuentas/avisos for the warnings of high consumption, /admin/atencion for Atención ciudadana,
 * /admin/cortes for the water outages, /admin/avisos for the health and service notices,
 * /admin/denuncias for the compliance desk and, outside the session, /admin/primer-administrador
 * and /admin/primer-cumplimiento for the first administrator and compliance user of a new site, and
 * /admin/invitacion for an invited compliance user (who chooses their own password). The
 * administrators' screens and the desk are each behind their role.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route
        path="/admin/primer-administrador"
        element={
          <Suspense fallback={<Loading />}>
            <BootstrapScreen creates="administrador" />
          </Suspense>
        }
      />
      <Route
        path="/admin/primer-cumplimiento"
        element={
          <Suspense fallback={<Loading />}>
            <BootstrapScreen creates="cumplimiento" />
          </Suspense>
        }
      />
      <Route
        path="/admin/invitacion"
        element={
          <Suspense fallback={<Loading />}>
            <InvitationScreen />
          </Suspense>
        }
      />
      <Route
        path="/admin"
        element={
          <RequireSession>
            <AdminLayout />
          </RequireSession>
        }
      >
        <Route index element={<Home />} />
        <Route element={<RequireRole needs="administrador" />}>
          <Route path="administradores" element={<AdminList />} />
          <Route path="administradores/nuevo" element={<AdminEditor />} />
          <Route path="administradores/:adminId/editar" element={<AdminEditor />} />
          <Route path="documentos" element={<DocumentList />} />
          <Route path="documentos/nuevo" element={<DocumentEditor />} />
          <Route path="documentos/:documentId/editar" element={<DocumentEditor />} />
          <Route path="comunicados" element={<NewsList />} />
          <Route path="comunicados/nuevo" element={<NewsEditor />} />
          <Route path="comunicados/:reportId/editar" element={<NewsEditor />} />
          <Route path="educacion" element={<EducationList />} />
          <Route path="educacion/nuevo" element={<EducationEditor />} />
          <Route path="educacion/:documentId/editar" element={<EducationEditor />} />
          <Route path="pagos" element={<PaymentList />} />
          <Route path="pagos/exportar" element={<PaymentExport />} />
          <Route path="pagos/:billId/detalle" element={<PaymentDetail />} />
          <Route path="atencion" element={<CaseList />} />
          <Route path="atencion/:caseId" element={<CaseDetail />} />
          <Route path="cortes" element={<OutageList />} />
          <Route path="cortes/nuevo" element={<OutageEditor />} />
          <Route path="cortes/:id" element={<OutageDetail />} />
          <Route path="avisos" element={<AdvisoryList />} />
          <Route path="avisos/nuevo" element={<AdvisoryEditor />} />
          <Route path="avisos/:id" element={<AdvisoryDetail />} />
          <Route path="cuentas" element={<Navigate to="importar" replace />} />
          <Route path="cuentas/importar" element={<AccountsImport />} />
          <Route path="cuentas/consumo" element={<AccountConsumption />} />
          <Route path="cuentas/avisos" element={<ConsumptionWarnings />} />
          <Route path="cuentas/lecturas" element={<ReadingsImport />} />
          <Route path="registro" element={<AuditLog />} />
          <Route path="correo" element={<OutboxList />} />
        </Route>
        <Route element={<RequireRole needs="cumplimiento" />}>
          <Route path="denuncias" element={<DenunciaList />} />
          <Route path="denuncias/equipo" element={<ComplianceTeam />} />
          <Route path="denuncias/registro" element={<ComplianceTrail />} />
          <Route path="denuncias/:reference" element={<DenunciaDetail />} />
        </Route>
        <Route path="account" element={<AccountScreen />} />
        <Route path="*" element={<NotFound />} />
      </Route>
      {/* This app is only served at /admin/*; anything else is a stale link. */}
      <Route path="*" element={<Navigate to="/admin" replace />} />
    </Routes>
  );
}

/** /admin: the first screen of the signed-in admin's role. */
function Home() {
  return <Navigate to={homePath(useUser())} replace />;
}
