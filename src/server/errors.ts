/**
 * A request a service refuses: its HTTP status and Spanish message, also as the error of `field`
 * when one field is the cause, so the form shows it there.
 */
export class ClientError extends Error {
  readonly status: number;
  readonly field: string | undefined;

  constructor(status: number, message: string, field?: string) {
    super(message);
    this.status = status;
    this.field = field;
  }
}

/** A change the data refuses (a duplicate, the last admin): 409. */
export class ConflictError extends ClientError {
  constructor(message: string, field?: string) {
    super(409, message, field);
  }
}

// Postgres' unique_violation; pg and Neon's driver both expose the SQLSTATE as `code`.
const isUniqueViolation = (error: unknown): boolean => (error as { code?: unknown } | null)?.code === '23505';

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
