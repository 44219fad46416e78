import { rutKey, serviceKey } from './keys.ts';

/**
 * SQL: whether a bloqueo or oposición (rights/actions.ts, `blockSubject`) marks the service
 * `service` or its holder's RUT `holderRut` (SQL expressions), however either was typed. A block
 * holds the e-mail, RUT and service number of its request; the mailbox is mail/mailbox.ts's
 * `blockedMailbox`. What the holder asked to stop must stop for their service whichever address
 * the billing system has on file for it.
 */
export const blockedService = (service: string, holderRut: string): string =>
  `EXISTS (SELECT 1 FROM data_blocks b
           WHERE (${serviceKey('b.service_number')} <> '' AND ${serviceKey('b.service_number')} = ${serviceKey(service)})
              OR ${rutKey('b.rut')} = ${rutKey(holderRut)})`;
