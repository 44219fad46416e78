import * as z from 'zod/mini';
import {
  contactTimes,
  denunciaCaps,
  denunciaMessages,
  denunciaTypes,
  durations,
  knowledgeSources,
  places,
  relations,
  yesNoUnknown,
} from './texts.ts';
import { fieldMessages, lineCheck, optionalEmail } from '../fields.ts';

/**
 * The confidential complaint (spec §2 /denuncias, §3, §5, §7 POST /api/denuncias): its schema.
 * The options, caps and messages are in denuncias/texts.ts.
 */

export {
  contactTimes,
  denunciaCaps,
  denunciaMessages,
  denunciaTypes,
  durations,
  knowledgeSources,
  places,
  relations,
  stepOneComplete,
  yesNoUnknown,
} from './texts.ts';

const label = <T extends Record<string, string>>(labels: T) =>
  z.enum(Object.values(labels) as [T[keyof T], ...T[keyof T][]], { error: denunciaMessages.choose });
const optionalLabel = <T extends Record<string, string>>(labels: T) =>
  z._default(z.union([label(labels), z.literal('')], { error: denunciaMessages.choose }), '');
const capped = (cap: number) =>
  z._default(
    z
      .string({ error: fieldMessages.invalidType })
      .check(z.trim(), z.maxLength(cap - 1, fieldMessages.tooLong(cap - 1)), lineCheck()),
    '',
  );

export const DenunciaSchema = z
  .object({
    /** Step 1: who reports (spec §3 relation). */
    denunciaRelacion: label(relations),
    /** Their relation in their own words, when they chose "Otro". */
    denunciaRelacionText: capped(denunciaCaps.denunciaRelacionText),
    /** Step 1: where it happened (spec §3 place). */
    denunciaLugar: label(places),
    /** The place in their own words, when they chose "Otro". */
    denunciaLugarText: capped(denunciaCaps.denunciaLugarText),
    /** Step 1: what kind of offence or query (spec §3 type). */
    denunciaType: label(denunciaTypes),
    /** Step 2 from here on: the reporter's name, surname and phone, all optional (anonymous reports). */
    name: capped(denunciaCaps.name),
    lastName: capped(denunciaCaps.lastName),
    phone: capped(denunciaCaps.phone),
    /** When they prefer to be called (spec §3 preferred contact window). */
    contactTime: optionalLabel(contactTimes),
    /** Optional; when given, a valid address. */
    email: optionalEmail(denunciaCaps.email - 1),
    /** When it happened, as free text ("marzo de 2026"). */
    denunciaDate: capped(denunciaCaps.denunciaDate),
    /** How long it has been going on (spec §3 duration). */
    denunciaTime: optionalLabel(durations),
    /** Where exactly, as free text. */
    denunciaPlace: capped(denunciaCaps.denunciaPlace),
    /** How they learned of it (spec §3 how learned). */
    denunciaKnowledge: optionalLabel(knowledgeSources),
    /** How they learned of it in their own words, when they chose "Otro". */
    denunciaKnowledgeText: capped(denunciaCaps.denunciaKnowledgeText),
    /** Whether they can identify the people involved. */
    denunciaIdentification: optionalLabel(yesNoUnknown),
    /** Whether they believe someone is covering it up. */
    denunciaCoverup: optionalLabel(yesNoUnknown),
    /** Whether they told an authority or a manager. */
    denunciaAuthority: optionalLabel(yesNoUnknown),
    /** The narrative: the one step-2 field Enviar waits for (spec §4). */
    denunciaText: z
      .string({ error: denunciaMessages.narrative })
      .check(
        z.trim(),
        z.minLength(1, denunciaMessages.narrative),
        z.maxLength(denunciaCaps.denunciaText - 1, fieldMessages.tooLong(denunciaCaps.denunciaText - 1)),
        lineCheck(true),
      ),
  })
  .check(
    z.superRefine((value, ctx) => {
      // "Otro" needs its own words.
      const other: [keyof typeof value, keyof typeof value, string][] = [
        ['denunciaRelacion', 'denunciaRelacionText', relations.otro],
        ['denunciaLugar', 'denunciaLugarText', places.otro],
        ['denunciaKnowledge', 'denunciaKnowledgeText', knowledgeSources.other],
      ];
      for (const [choice, text, otherLabel] of other) {
        if (value[choice] === otherLabel && !value[text])
          ctx.addIssue({ code: 'custom', path: [text], message: denunciaMessages.describeOther });
      }
    }),
  );

export type Denuncia = z.infer<typeof DenunciaSchema>;
export type DenunciaField = keyof z.input<typeof DenunciaSchema>;
