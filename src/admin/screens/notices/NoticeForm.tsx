import type { ComponentProps, ReactNode } from 'react';
import { AdminForm, type AdminFormShell } from '../../forms/AdminForm.tsx';
import { SubmitButton } from '../../forms/SubmitButton.tsx';
import { SupplyPointsInput } from './SupplyPointsInput.tsx';

/** A notice's form: the kind's own fields, then its supply points and the submit. */
export function NoticeForm({
  shell,
  supplyPoints,
  submitLabel,
  children,
}: {
  shell: AdminFormShell;
  supplyPoints: ComponentProps<typeof SupplyPointsInput>;
  submitLabel: string;
  children: ReactNode;
}) {
  return (
    <AdminForm form={shell}>
      {children}
      <SupplyPointsInput {...supplyPoints} />
      <SubmitButton pending={shell.pending} label={submitLabel} />
    </AdminForm>
  );
}
