import { isHealthKind } from '../../shared/advisories/public-texts.ts';
import { advisoryName } from '../../shared/advisories/words.ts';
import { spanishList } from '../../shared/spanish-list.ts';
import { site } from '../../shared/site.ts';
import { chileMinute } from '../../shared/time/format.ts';
import type { AdvisoryNoticeRow } from './advisory-mail.ts';
import type { NoticeRow } from './alert-mail.ts';
import type { PhoneAlert } from './phone-text.ts';

/** "03-12 09:00": a day and time of this year's alerts, short. */
const short = (iso: string) => {
  const minute = chileMinute(iso);
  return `${minute.slice(0, 5)} ${minute.slice(11, 16)}`;
};

const kindWords = { programado: 'programado', emergencia: 'de emergencia' } as const;

/** A corte's notice to a phone: published, changed, or its end (restored or cancelled). */
export function outagePhoneAlert(notice: NoticeRow, origin: string): PhoneAlert {
  const address = `${origin}/cortes#corte-${notice.outage_id}`;
  const urgent = notice.outage_kind === 'emergencia';
  if (notice.kind === 'closed' && notice.status === 'restablecido')
    return {
      lead: `Se repuso el agua en ${notice.town_name}.`,
      detail: 'Si sigue sin agua, responda SIGO SIN AGUA.',
      spokenDetail: `Si sigue sin agua, llame al ${site.customerPhone}.`,
      address,
      urgent,
    };
  if (notice.kind === 'closed')
    return { lead: `Se canceló el corte de agua en ${notice.town_name}.`, detail: '', address, urgent };
  const lead = `Corte de agua ${kindWords[notice.outage_kind]} en ${notice.town_name}`;
  if (notice.kind === 'update')
    return { lead: `${lead}: novedades.`, detail: notice.update_body ?? '', address, urgent };
  return {
    lead: `${lead}, ${short(notice.starts_at)} a ${short(notice.ends_at)}.`,
    detail: `Sectores: ${notice.sectors}`,
    address,
    urgent,
  };
}

/** An aviso's notice to a phone: published, changed or lifted. */
export function advisoryPhoneAlert(notice: AdvisoryNoticeRow, origin: string): PhoneAlert {
  const what = `${advisoryName(notice.advisory_kind, notice.restriction_level)} en ${spanishList(notice.town_names)}`;
  const address = `${origin}/avisos/${notice.advisory_id}`;
  const urgent = isHealthKind(notice.advisory_kind);
  if (notice.kind === 'lifted')
    return { lead: `Aviso levantado: ${what}.`, detail: notice.lift_message, address, urgent };
  if (notice.kind === 'update')
    return { lead: `Aviso: ${what}: novedades.`, detail: notice.update_body ?? '', address, urgent };
  return { lead: `Aviso: ${what}.`, detail: notice.instructions, address, urgent };
}
