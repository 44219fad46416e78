import {
  CASE_PAGE_SIZE,
  DUE_SOON_BUSINESS_DAYS,
  OPEN_STATUSES,
  type CaseList,
  type CaseListQuery,
  type CaseStatus,
  type CaseSummary,
  type Urgency,
} from '../../shared/cases/schema.ts';
import { businessDaysUntil } from '../../shared/time/business-days.ts';
import { isoTime, type Database } from '../db/index.ts';

/**
 * Atención ciudadana's list (docs/reference/admin-api.md): open cases first, the nearest deadline first,
 * then the rest by arrival; filtered and paged in SQL, the deadline's business days counted here.
 */

export const SUMMARY_COLUMNS = `c.id::text AS id, c.kind, c.reference, c.status, c.citizen_name, c.locality,
  ${isoTime('c.received_at')} AS received_at, to_char(c.due_on, 'YYYY-MM-DD') AS due_on,
  c.assignee_id::text AS assignee_id, a.name AS assignee_name`;

export const FROM_CASES = 'cases c LEFT JOIN admins a ON a.id = c.assignee_id';

type SummaryRow = Omit<CaseSummary, 'business_days_left' | 'urgency'>;

/** The business days left of an open case with a deadline, and how urgent that makes it. */
export function withDeadline<Row extends SummaryRow>(
  row: Row,
  today: string,
): Row & Pick<CaseSummary, 'business_days_left' | 'urgency'> {
  if (!row.due_on || !OPEN_STATUSES.includes(row.status as CaseStatus))
    return { ...row, business_days_left: null, urgency: null };
  const left = businessDaysUntil(today, row.due_on);
  // Past its date a case is overdue even before a business day has gone by since: on the Saturday
  // after a Friday deadline `left` is 0, as on the day itself.
  const urgency: Urgency = today > row.due_on ? 'overdue' : left <= DUE_SOON_BUSINESS_DAYS ? 'due_soon' : 'on_time';
  return { ...row, business_days_left: left, urgency };
}

/** A text typed in the search box, as a LIKE pattern matching it anywhere, literally. */
const containing = (text: string): string => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

export async function listCases(db: Database, query: CaseListQuery, today: string): Promise<CaseList> {
  const params = [
    query.kind ?? null,
    query.status ?? null,
    query.locality || null,
    query.q ? containing(query.q) : null,
    OPEN_STATUSES,
  ];
  const where = `($1::text IS NULL OR c.kind = $1) AND ($2::text IS NULL OR c.status = $2)
    AND ($3::text IS NULL OR c.locality = $3)
    AND ($4::text IS NULL OR c.reference ILIKE $4 OR c.citizen_name ILIKE $4 OR c.citizen_email ILIKE $4)`;
  const [count, rows, localities] = (await db.batch([
    { text: `SELECT count(*)::int AS total FROM cases c WHERE ${where}`, params: params.slice(0, 4) },
    {
      text: `SELECT ${SUMMARY_COLUMNS} FROM ${FROM_CASES} WHERE ${where}
             ORDER BY c.status = ANY($5::text[]) DESC, c.due_on NULLS LAST, c.received_at, c.id
             LIMIT $6 OFFSET $7`,
      params: [...params, CASE_PAGE_SIZE, (query.page - 1) * CASE_PAGE_SIZE],
    },
    { text: `SELECT DISTINCT locality FROM cases WHERE locality <> '' ORDER BY locality` },
  ])) as [{ total: number }[], SummaryRow[], { locality: string }[]];
  return {
    cases: rows.map((row) => withDeadline(row, today)),
    total: count[0]!.total,
    page: query.page,
    pageSize: CASE_PAGE_SIZE,
    localities: localities.map((row) => row.locality),
  };
}
