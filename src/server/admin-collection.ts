import type * as z from 'zod/mini';
import { adminEndpoint, answer } from './admin-endpoint.ts';
import { byMethod } from './route-table.ts';
import type { SignedInAdmin } from './auth/require-admin.ts';
import type { Database } from './db/index.ts';
import { NotFound } from './errors.ts';
import { readInput } from './http.ts';

/** A list staff manage: its schemas, answer keys and the service that reads and changes it. */
interface Collection<Create extends z.ZodMiniType, Update extends z.ZodMiniType, Item> {
  schemas: { create: Create; update: Update };
  /** Largest JSON body accepted. */
  maxBytes: number;
  /** The keys of `data`: `{ documents }` for the list, `{ document }` for one. */
  keys: { list: string; item: string };
  notFound: string;
  /** Whether the `{id}` of the path can be an id at all; any other is a 404. */
  isId: (id: string) => boolean;
  list: (db: Database) => Promise<Item[]>;
  find: (db: Database, id: string) => Promise<Item | undefined>;
  create: (db: Database, admin: SignedInAdmin, input: z.output<Create>) => Promise<Item>;
  /** Undefined when there is no such item. */
  update: (db: Database, admin: SignedInAdmin, id: string, input: z.output<Update>) => Promise<Item | undefined>;
  /** False when there is no such item. */
  remove: (db: Database, admin: SignedInAdmin, id: string) => Promise<boolean>;
}

/**
 * The function of a list staff manage (docs/reference/admin-api.md): GET and POST on the collection's
 * path, GET, PUT and DELETE on `{path}/{id}`.
 */
export function adminCollection<Create extends z.ZodMiniType, Update extends z.ZodMiniType, Item>(
  collection: Collection<Create, Update, Item>,
) {
  const { schemas, maxBytes, keys, isId } = collection;
  const notFound = (): never => {
    throw new NotFound(collection.notFound);
  };
  return adminEndpoint(async ({ req, context, admin, db }) => {
    const id = context.params.id;
    if (id === undefined) {
      return byMethod(req, {
        GET: async () => answer({ [keys.list]: await collection.list(db) }),
        POST: async () => {
          const input = await readInput(req, schemas.create, maxBytes);
          return answer({ [keys.item]: await collection.create(db, admin, input) }, 201);
        },
      });
    }
    return byMethod(req, {
      GET: async () => {
        const item = isId(id) ? await collection.find(db, id) : undefined;
        return item ? answer({ [keys.item]: item }) : notFound();
      },
      PUT: async () => {
        if (!isId(id)) return notFound();
        const item = await collection.update(db, admin, id, await readInput(req, schemas.update, maxBytes));
        return item ? answer({ [keys.item]: item }) : notFound();
      },
      DELETE: async () => (isId(id) && (await collection.remove(db, admin, id)) ? answer({}) : notFound()),
    });
  });
}
