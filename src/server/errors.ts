/**
 * A request refused for what it asks, never for a fault of ours: what happened, in its kind, and
 * the Spanish message, also as the error of `field` when one field is the cause (or one message
 * per field, as a schema's refusal), so the form shows it there. Services and functions throw
 * these without any HTTP status; `withErrorHandling` (src/server/http.ts) is the one place that
 * turns each kind into its answer.
 */
export abstract class Refusal extends Error {
  /** One message per field (`field`'s, or each field a schema refused); none for a whole-request refusal. */
  readonly errors: Record<string, string> | undefined;

  /** `where`: the one field at fault, or the message of each field at fault. */
  constructor(message: string, where?: string | Record<string, string>) {
    super(message);
    this.name = new.target.name;
    this.errors = typeof where === 'string' ? { [where]: message } : where;
  }
}

/** No valid sign-in: no token or one no longer good, wrong credentials, a wrong second factor. */
export class NotSignedIn extends Refusal {}

/** Input the rules refuse: a field's value, a malformed form, text that is not clean. */
export class Invalid extends Refusal {}

/** Something the request names that does not exist, or is not the asker's to see. */
export class NotFound extends Refusal {}

/** An action this user may not take, whoever asks for it with what input (their own password elsewhere). */
export class NotAllowed extends Refusal {}

/** A change the data's state refuses: a duplicate, the last admin, an outage already published. */
export class Conflict extends Refusal {}

/** Asked too often: the client waits `seconds` before asking again. */
export class Throttled extends Refusal {
  readonly seconds: number;

  constructor(message: string, seconds: number, field?: string) {
    super(message, field);
    this.seconds = seconds;
  }
}

// Postgres' unique_violation; pg and Neon's driver both expose the SQLSTATE as `code`.
export const isUniqueViolation = (error: unknown): boolean => (error as { code?: unknown } | null)?.code === '23505';

// Postgres' foreign_key_violation: a row names another that does not exist.
export const isForeignKeyViolation = (error: unknown): boolean =>
  (error as { code?: unknown } | null)?.code === '23503';

/**
 * Runs a write that may break a unique index and turns that violation into a Conflict: the index
 * decides, so two concurrent writes cannot both pass a check made beforehand.
 */
export async function uniqueOr<T>(message: string, field: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new Conflict(message, field);
    throw error;
  }
}
