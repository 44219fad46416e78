/**
 * A request refused for what it asks, never for a fault of ours: its HTTP status and Spanish
 * message, also as the error of `field` when one field is the cause, so the form shows it there.
 * Services and functions throw it; `withErrorHandling` (src/server/http.ts) turns it into the
 * answer, the one place that does.
 */
export class ClientError extends Error {
  readonly status: number;
  readonly field: string | undefined;
  /** One message per field (`field`'s, or each field a schema refused); none for a whole-request refusal. */
  readonly errors: Record<string, string> | undefined;
  /** Headers the answer carries: a 429's Retry-After. */
  readonly headers: Record<string, string>;

  constructor(
    status: number,
    message: string,
    field?: string,
    { errors, headers = {} }: { errors?: Record<string, string>; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = 'ClientError';
    this.status = status;
    this.field = field;
    this.errors = field ? { [field]: message } : errors;
    this.headers = headers;
  }
}

/** A change the data refuses (a duplicate, the last admin): 409. */
export class ConflictError extends ClientError {
  constructor(message: string, field?: string) {
    super(409, message, field);
  }
}

/** 429: the client waits `seconds` before asking again (Retry-After, RFC 9110 §10.2.3). */
export const tooManyRequests = (message: string, seconds: number, field?: string): ClientError =>
  new ClientError(429, message, field, { headers: { 'Retry-After': String(Math.max(1, Math.ceil(seconds))) } });

// Postgres' unique_violation; pg and Neon's driver both expose the SQLSTATE as `code`.
export const isUniqueViolation = (error: unknown): boolean => (error as { code?: unknown } | null)?.code === '23505';

/**
 * Runs a write that may break a unique index and turns that violation into a ConflictError:
 * the index decides, so two concurrent writes cannot both pass a check made beforehand.
 */
export async function uniqueOr<T>(message: string, field: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError(message, field);
    throw error;
  }
}
