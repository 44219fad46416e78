/**
 * A change the data refuses (a duplicate, the last admin): 409 with this Spanish message, also
 * as the error of `field` when one field is the cause, so the form shows it there.
 */
export class ConflictError extends Error {
  readonly field: string | undefined;

  constructor(message: string, field?: string) {
    super(message);
    this.field = field;
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
