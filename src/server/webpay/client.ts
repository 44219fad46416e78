import { z } from 'zod';

/**
 * A small typed client of Webpay Plus REST API v1.2 (Transbank): create, commit, status, refund.
 * The base URL is production, Transbank's integration environment, or the local simulator.
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

const CreateResponse = z.object({ token: z.string(), url: z.url() });

/** The answer of commit and status (the fields this site uses). */
const TransactionResponse = z.object({
  vci: z.string().optional(),
  amount: z.number(),
  status: z.string(),
  buy_order: z.string(),
  session_id: z.string(),
  card_detail: z.object({ card_number: z.string() }).partial().nullish(),
  accounting_date: z.string().optional(),
  transaction_date: z.string(),
  authorization_code: z.string().nullish(),
  payment_type_code: z.string().nullish(),
  response_code: z.number().nullish(),
  installments_amount: z.number().nullish(),
  installments_number: z.number().nullish(),
});
export type WebpayTransaction = z.infer<typeof TransactionResponse>;

const RefundResponse = z.object({ type: z.string(), response_code: z.number().optional() }).loose();

/** Transbank's limits (spec: buy_order ≤ 26, session_id ≤ 61, return_url ≤ 255). */
const WEBPAY_LIMITS = { buyOrder: 26, sessionId: 61, returnUrl: 255 } as const;

export function createWebpayClient({ baseUrl, commerceCode, apiKey }: WebpayCredentials) {
  async function call<T>(method: string, path: string, schema: z.ZodType<T>, body?: unknown): Promise<T> {
    const response = await fetch(`${baseUrl}${WEBPAY_PATH}${path}`, {
      method,
      headers: { 'Tbk-Api-Key-Id': commerceCode, 'Tbk-Api-Key-Secret': apiKey, 'Content-Type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(15_000),
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
