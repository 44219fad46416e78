import * as z from 'zod/mini';
import { MESSAGE_CAP } from '../../../shared/denuncias/case/schema.ts';
import { DeskMessageSchema, DeskNoteSchema, type DeskDetail } from '../../../shared/denuncias/desk/schema.ts';
import { InternalNoteForm, TextEntryForm } from '../../forms/TextEntryForm.tsx';
import { useDenunciaChange } from './desk-api.ts';

const ReplyFormSchema = z.object({ reply: DeskMessageSchema.shape.body });
const NoteFormSchema = z.object({ note: DeskNoteSchema.shape.body });

/** Escribir al denunciante and Nota interna. */
export function DeskEntryForms({ denuncia }: { denuncia: Pick<DeskDetail, 'reference' | 'notifyReporter'> }) {
  const message = useDenunciaChange(denuncia.reference, '/messages');
  const note = useDenunciaChange(denuncia.reference, '/notes');
  return (
    <>
      <TextEntryForm
        field="reply"
        schema={ReplyFormSchema}
        send={(body) => message.mutateAsync({ body })}
        title="Escribir al denunciante"
        label="Mensaje"
        hint={`Hasta ${MESSAGE_CAP - 1} caracteres. El denunciante lo lee en el seguimiento, con su código de recibo. ${
          denuncia.notifyReporter
            ? 'Pidió un aviso por correo: le llegará uno sin el contenido.'
            : 'No se le envía ningún correo.'
        }`}
        button="Enviar mensaje"
        pendingButton="Guardando…"
        done={{ text: 'Mensaje enviado al denunciante.' }}
      />
      <InternalNoteForm
        schema={NoteFormSchema}
        send={(body) => note.mutateAsync({ body })}
        hint="Solo la ve el equipo de cumplimiento: el denunciante nunca la lee."
      />
    </>
  );
}
