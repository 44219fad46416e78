import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router';
import { OutboxSummarySchema } from '../../shared/outbox/schema.ts';
import { apiRequest } from '../api-client.ts';

const CHECK_EVERY_MS = 5 * 60 * 1000;

/**
 * Above every screen: mail the site has not sent for over an hour (or that waits for staff), so
 * an outage of the mail provider is seen the day it starts, not when a citizen calls.
 */
export function MailAlert() {
  const { pathname } = useLocation();
  const summary = useQuery({
    queryKey: ['outbox', 'summary'],
    // Polled by the app, not asked for by staff: it must not keep an unattended tab signed in.
    queryFn: ({ signal }) => apiRequest('/api/admin/outbox/summary', OutboxSummarySchema, { signal, background: true }),
    refetchInterval: CHECK_EVERY_MS,
  });
  const stalled = summary.data?.stalled ?? 0;
  if (stalled === 0) return null;
  return (
    <p className="shell-alert" role="status">
      {stalled === 1 ? 'Hay 1 correo' : `Hay ${stalled} correos`} sin enviar hace más de una hora o detenidos.{' '}
      {pathname !== '/admin/correo' && <Link to="/admin/correo">Ver Correo saliente</Link>}
    </p>
  );
}
