import type { ReactNode } from 'react';
import * as z from 'zod/mini';
import { chileMinute } from '../../../shared/time/format.ts';
import { AdminForm } from '../../forms/AdminForm.tsx';
import { SubmitButton } from '../../forms/SubmitButton.tsx';
import { TextAreaInput } from '../../forms/TextAreaInput.tsx';
import { useAdminForm } from '../../forms/use-admin-form.ts';
import type { AdminNotice, NoticeKind } from './notice-kind.ts';

const labels = { body: 'Actualización' };

/** Time-stamped notes the public reads under the notice, newest first, and the form to add one. */
export function NoticeUpdates<Notice extends AdminNotice, Input>({
  kind,
  notice,
  schema,
  open,
  hint,
  told,
  children,
}: {
  kind: NoticeKind<Notice, Input>;
  notice: Notice;
  /** The API's rule for an update. */
  schema: z.ZodMiniType<{ body: string }, { body: string }>;
  /** Whether it takes updates. */
  open: boolean;
  hint: string;
  /** Who hears of an update, when someone does. */
  told: string | undefined;
  /** Between the updates and the form. */
  children?: ReactNode;
}) {
  const add = kind.useChange(notice.id, { method: 'POST', path: '/updates' });
  const { form, field, ...shell } = useAdminForm({
    schema,
    labels,
    defaultValues: { body: '' },
    send: async (values) => {
      await add.mutateAsync(values);
      form.reset();
      return { kind: 'success', text: 'Actualización publicada.', ...(told ? { detail: told } : {}) };
    },
  });

  return (
    <section aria-labelledby="actualizaciones" className="notice-updates">
      <h2 id="actualizaciones">Actualizaciones</h2>
      {notice.updates.length === 0 ? (
        <p className="muted">Aún no hay actualizaciones.</p>
      ) : (
        <ol>
          {notice.updates.map((update) => (
            <li key={update.id}>
              <time dateTime={update.createdAt}>{chileMinute(update.createdAt)}</time> {update.body}
            </li>
          ))}
        </ol>
      )}
      {children}
      {open && (
        <AdminForm form={shell} aria-label="Nueva actualización">
          <TextAreaInput {...field('body')} hint={hint} required />
          <SubmitButton pending={shell.pending} label="Agregar actualización" />
        </AdminForm>
      )}
    </section>
  );
}
