import { formatDate } from '../../../shared/billing.ts';
import { longDate, type CaseSummary } from '../../../shared/cases.ts';

/** "Quedan 3 días hábiles", "Vence hoy", "Vencido hace 2 días hábiles". */
export function daysLeftText(days: number): string {
  if (days === 0) return 'Vence hoy';
  if (days > 0) return days === 1 ? 'Queda 1 día hábil' : `Quedan ${days} días hábiles`;
  return days === -1 ? 'Vencido hace 1 día hábil' : `Vencido hace ${-days} días hábiles`;
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
  const days = item.business_days_left;
  // The server gives no urgency once the case is answered or closed: its deadline no longer counts.
  const counting = item.urgency !== null && days !== null;
  return (
    <span className="deadline">
      <span className={long ? undefined : 'nowrap'}>{long ? longDate(item.due_on) : formatDate(item.due_on)}</span>
      {counting &&
        (item.urgency === 'on_time' ? (
          <span className="muted">{daysLeftText(days)}</span>
        ) : (
          <span className={`badge badge--${item.urgency === 'overdue' ? 'overdue' : 'soon'}`}>
            {daysLeftText(days)}
          </span>
        ))}
    </span>
  );
}
