/** A change the data refuses (a duplicate, the last admin): 409 with this Spanish message. */
export class ConflictError extends Error {}

// Postgres' unique_violation; pg and Neon's driver both expose the SQLSTATE as `code`.
const isUniqueViolation = (error: unknown): boolean => (error as { code?: unknown } | null)?.code === '23505';

/**
 * Runs a write that may break a unique index and turns that violation into a ConflictError:
 * the index decides, so two concurrent writes cannot both pass a check made beforehand.
 */
export async function uniqueOr<T>(message: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError(message);
    throw error;
  }
}
