/**
 * One mailbox, however its address is spelt (case, a `+tag`, Gmail's dots): the database's
 * mailbox_of() decides (migration 0044), so a comparison over stored rows (an alert's subscribers,
 * the rights desk's records) and one with an address just typed agree. Every "is this the same
 * mailbox" of the code is one of these, never a lower() of its own.
 */

/** SQL: whether the addresses `a` and `b` (SQL expressions) reach one mailbox. */
export const sameMailbox = (a: string, b: string): string => `mailbox_of(${a}) = mailbox_of(${b})`;

/** SQL: whether a bloqueo or oposición (rights/actions.ts) marks the mailbox of `address`. */
export const blockedMailbox = (address: string): string =>
  `EXISTS (SELECT 1 FROM data_blocks b WHERE b.email <> '' AND ${sameMailbox('b.email', address)})`;
