import { useState } from 'react';
import type { DenunciaFollowUp } from '../../../shared/denuncias/follow-up/schema.ts';
import { messages } from '../../../shared/messages.ts';
import { callApi } from '../../../ui/api.ts';

const loadAnswer = () =>
  import('../../../shared/denuncias/follow-up/schema.ts').then((module) => module.DenunciaFollowUpAnswerSchema);

interface Props {
  receipt: string;
  notify: boolean;
  onChange: (denuncia: DenunciaFollowUp) => void;
}

/**
 * The content-free "you have a new message" notice, for a reporter who left an e-mail
 * in the denuncia: sent by the desk when compliance writes (messages.ts reporterNotice).
 */
export function NoticeChoice({ receipt, notify, onChange }: Props) {
  // Ticked as the visitor clicks, while the choice is sent; back as it was if it was not taken.
  const [checked, setChecked] = useState(notify);
  const [pending, setPending] = useState(false);
  const [said, setSaid] = useState<{ text: string; failed: boolean }>();

  const choose = async (next: boolean) => {
    setChecked(next);
    setPending(true);
    setSaid(undefined);
    const answer = await callApi('/api/denuncias/seguimiento/aviso', loadAnswer(), {
      method: 'POST',
      json: { receipt, notify: next },
    });
    setPending(false);
    if (answer.ok) {
      onChange(answer.body.data.denuncia);
      setSaid({ text: answer.body.message ?? '', failed: false });
    } else {
      setChecked(!next);
      setSaid({ text: answer.failure.error || messages.genericError, failed: true });
    }
  };

  return (
    <div className="field denuncia-notice">
      <h3>Aviso de mensajes nuevos</h3>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={checked}
          disabled={pending}
          aria-describedby="notice-hint"
          onChange={(event) => void choose(event.target.checked)}
        />
        Avisarme por correo electrónico cuando tenga un mensaje nuevo
      </label>
      <p id="notice-hint" className="field__hint">
        Al correo que indicó en su denuncia. El aviso no incluye el mensaje ni el número de su denuncia: solo le pide
        volver a esta página.
      </p>
      <p role="status">{said && !said.failed && said.text}</p>
      {said?.failed && (
        <p role="alert" className="form-error">
          {said.text}
        </p>
      )}
    </div>
  );
}
