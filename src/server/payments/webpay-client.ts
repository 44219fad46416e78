import * as z from 'zod/mini';
import { deadlineIn, type Deadline } from '../deadline.ts';

/**
 * A small typed client of Webpay Plus REST API v1.2 (Transbank): create, commit, status, refund.
 * The base URL is production, Transbank's integration environment, or the local simulator.
 * Webpay answers a refusal with a 4xx and `error_message` (a commit past the confirmation window:
 * 422 "Transaction has an invalid finished state: aborted"; a second commit: 422), a WebpayError
 * here; a timeout or a network failure is any other error: its outcome is unknown.
 */

export const WEBPAY_PATH = '/rswebpaytransaction/api/webpay/v1.2/transactions';

export interface WebpayCredentials {
  baseUrl: string;
  commerceCode: string;
  apiKey: string;
}

export class WebpayError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

/** A failed call in words, for the log and for staff: Webpay's refusal, or no answer in time. */
export const describeError = (error: unknown): string =>
  error instanceof WebpayError
    ? `${error.status} ${error.message}`
    : error instanceof Error
      ? error.name === 'TimeoutError' || error.name === 'AbortError'
        ? 'sin respuesta a tiempo'
        : error.message
      : String(error);

const CreateResponse = z.object({ token: z.string(), url: z.url() });

/** The answer of commit and status (the fields this site uses). */
const TransactionResponse = z.object({
  vci: z.optional(z.string()),
  amount: z.number(),
  status: z.string(),
  buy_order: z.string(),
  session_id: z.string(),
  card_detail: z.nullish(z.partial(z.object({ card_number: z.string() }))),
  accounting_date: z.optional(z.string()),
  transaction_date: z.string(),
  authorization_code: z.nullish(z.string()),
  payment_type_code: z.nullish(z.string()),
  response_code: z.nullish(z.number()),
  installments_amount: z.nullish(z.number()),
  installments_number: z.nullish(z.number()),
  /** What is still charged after a partial refund (PARTIALLY_NULLIFIED). */
  balance: z.nullish(z.number()),
});
export type WebpayTransaction = z.infer<typeof TransactionResponse>;

/**
 * REVERSED (within the reversal window: only `type`) or NULLIFIED, whose `response_code` is 0 when
 * the refund was done and anything else when nothing was refunded (Transbank's API reference,
 * "Reversar o Anular un pago").
 */
const RefundResponse = z.looseObject({
  type: z.string(),
  response_code: z.nullish(z.number()),
  nullified_amount: z.nullish(z.number()),
  balance: z.nullish(z.number()),
});
export type WebpayRefund = z.infer<typeof RefundResponse>;

/** Transbank's limits (spec: buy_order ≤ 26, session_id ≤ 61, return_url ≤ 255). */
const WEBPAY_LIMITS = { buyOrder: 26, sessionId: 61, returnUrl: 255 } as const;

export interface WebpayCallLimits {
  /** Each call's own limit. */
  timeoutMs?: number;
  /** Ends every call still under way: a scheduled run's (src/server/deadline.ts). */
  deadline?: Deadline;
}

export function createWebpayClient(
  { baseUrl, commerceCode, apiKey }: WebpayCredentials,
  { timeoutMs = 15_000, deadline }: WebpayCallLimits = {},
) {
  async function call<T>(method: string, path: string, schema: z.ZodMiniType<T>, body?: unknown): Promise<T> {
    const limit = deadline ? deadline.within(timeoutMs) : deadlineIn(timeoutMs);
    const response = await fetch(`${baseUrl}${WEBPAY_PATH}${path}`, {
      method,
      headers: { 'Tbk-Api-Key-Id': commerceCode, 'Tbk-Api-Key-Secret': apiKey, 'Content-Type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: limit.signal,
    });
    const json = await response.json().catch(() => null);
    if (!response.ok)
      throw new WebpayError(
        response.status,
        (json as { error_message?: string } | null)?.error_message ?? `Webpay answered ${response.status}`,
      );
    return schema.parse(json);
  }

  return {
    create(buyOrder: string, sessionId: string, amount: number, returnUrl: string) {
      if (
        buyOrder.length > WEBPAY_LIMITS.buyOrder ||
        sessionId.length > WEBPAY_LIMITS.sessionId ||
        returnUrl.length > WEBPAY_LIMITS.returnUrl
      ) {
        throw new WebpayError(400, 'buy_order, session_id or return_url too long for Webpay');
      }
      return call('POST', '', CreateResponse, {
        buy_order: buyOrder,
        session_id: sessionId,
        amount,
        return_url: returnUrl,
      });
    },
    commit: (token: string) => call('PUT', `/${encodeURIComponent(token)}`, TransactionResponse),
    status: (token: string) => call('GET', `/${encodeURIComponent(token)}`, TransactionResponse),
    refund: (token: string, amount: number) =>
      call('POST', `/${encodeURIComponent(token)}/refunds`, RefundResponse, { amount }),
  };
}

export type WebpayClient = ReturnType<typeof createWebpayClient>;
