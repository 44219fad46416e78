import { customAlphabet } from 'nanoid';

// No 0/O, 1/I/L: a reference is read aloud over the phone.
const randomPart = customAlphabet('23456789ABCDEFGHJKMNPQRSTUVWXYZ', 8);

/** The number a visitor sees after a submission and the utility's mail carries, e.g. CON-7K3M9Q2X. */
export const newReference = (prefix: string): string => `${prefix}-${randomPart()}`;
