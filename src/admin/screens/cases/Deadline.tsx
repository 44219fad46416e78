import { formatDate } from '../../../shared/time/format.ts';
import { longDate } from '../../../shared/time/long-date.ts';
import type { CaseSummary, Urgency } from '../../../shared/cases/schema.ts';

/** "Quedan 3 días hábiles", "Vence hoy", "Vencido hace 2 días hábiles". */
export function daysLeftText(days: number, urgency: Urgency): string {
  if (days < 0) return days === -1 ? 'Vencido hace 1 día hábil' : `Vencido hace ${-days} días hábiles`;
  // Past the date with no business day gone by since (the weekend after a Friday deadline): 0 too.
  if (urgency === 'overdue') return 'Vencido';
  if (days === 0) return 'Vence hoy';
  return days === 1 ? 'Queda 1 día hábil' : `Quedan ${days} días hábiles`;
}

/**
 * The due date of a case and, while it is open, the business days left. An overdue case, and one
 * due within DUE_SOON_BUSINESS_DAYS, carries the count in a badge: words, not a colour alone.
 */
export function Deadline({
  item,
  long = false,
}: {
  item: Pick<CaseSummary, 'due_on' | 'business_days_left' | 'urgency'>;
  /** The date in words (the detail), or DD-MM-YYYY (the list, spec §9). */
  long?: boolean;
}) {
  if (item.due_on === null) return <span className="muted">Sin plazo</span>;
  const { business_days_left: days, urgency } = item;
  return (
    <span className="deadline">
      <span className={long ? undefined : 'nowrap'}>{long ? longDate(item.due_on) : formatDate(item.due_on)}</span>
      {/* The server gives no urgency once the case is answered or closed: its deadline no longer counts. */}
      {urgency !== null &&
        days !== null &&
        (urgency === 'on_time' ? (
          <span className="muted">{daysLeftText(days, urgency)}</span>
        ) : (
          <span className={`badge badge--${urgency === 'overdue' ? 'overdue' : 'soon'}`}>
            {daysLeftText(days, urgency)}
          </span>
        ))}
    </span>
  );
}
