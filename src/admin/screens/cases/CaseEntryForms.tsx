import * as z from 'zod/mini';
import { CaseNoteSchema, CaseReplySchema, SISS_SENTENCE, type CaseDetail } from '../../../shared/cases/schema.ts';
import { InternalNoteForm, TextEntryForm } from '../../forms/TextEntryForm.tsx';
import { useCaseChange } from './case-api.ts';

const NoteFormSchema = z.object({ note: CaseNoteSchema.shape.body });
const ReplyFormSchema = z.object({ reply: CaseReplySchema.shape.body });

/** Responder: mailed to the citizen and shown on /seguimiento; the case becomes Respondido. */
export function ReplyForm({ item }: { item: Pick<CaseDetail, 'id' | 'kind' | 'citizen_email'> }) {
  const change = useCaseChange(item.id, { method: 'POST', path: '/replies' });
  return (
    <TextEntryForm
      field="reply"
      schema={ReplyFormSchema}
      send={(body) => change.mutateAsync({ body })}
      title="Responder"
      label="Respuesta"
      hint={`Se envía por correo a ${item.citizen_email} y el ciudadano la ve en el seguimiento de su caso. El caso queda Respondido.`}
      after={
        // The law's next step for a citizen who disagrees with the answer to a complaint (SISS).
        item.kind === 'reclamo' && (
          <div className="case-siss">
            <p>Al final de la respuesta se agregará:</p>
            <blockquote>{SISS_SENTENCE}</blockquote>
          </div>
        )
      }
      button="Enviar respuesta"
      pendingButton="Enviando…"
      done={{ text: 'Respuesta enviada.', detail: `El correo a ${item.citizen_email} está en camino.` }}
    />
  );
}

/** Nota interna: kept on the case for staff, never sent to the citizen. */
export function NoteForm({ caseId }: { caseId: string }) {
  const change = useCaseChange(caseId, { method: 'POST', path: '/notes' });
  return (
    <InternalNoteForm
      schema={NoteFormSchema}
      send={(body) => change.mutateAsync({ body })}
      hint="Solo la ve el personal: no se envía al ciudadano."
    />
  );
}
