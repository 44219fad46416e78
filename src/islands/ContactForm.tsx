import type { ContactField } from '../shared/contact/schema.ts';
import type { FieldRules } from '../shared/fields.ts';
import { TextForm } from './forms/TextForm.tsx';
import type { FieldSpec } from '../ui/forms/use-schema-form.ts';

const fields = {
  name: { label: 'Nombre', autoComplete: 'given-name' },
  surname: { label: 'Apellido', autoComplete: 'family-name' },
  email: { label: 'Correo electrónico', type: 'email', autoComplete: 'email', hint: 'Le responderemos a este correo.' },
  phone: { label: 'Teléfono', type: 'tel', autoComplete: 'tel' },
  address: { label: 'Dirección', autoComplete: 'street-address' },
  city: { label: 'Ciudad', autoComplete: 'address-level2' },
  reqs: { label: 'Mensaje', multiline: true },
} satisfies Record<ContactField, FieldSpec>;

const loadSchema = () => import('../shared/contact/schema.ts').then((module) => module.ContactSchema);

/** /contacto (spec §2 Contact, §4, §7 POST /api/contacto); `rules`: `fieldRules(ContactSchema)`. */
export default function ContactForm({ rules }: { rules: FieldRules<ContactField> }) {
  return (
    <TextForm
      schema={loadSchema}
      rules={rules}
      endpoint="/api/contacto"
      draftKey="draft:contacto"
      privacySection="formulario-de-contacto"
      fields={fields}
      rows={[['name', 'surname'], ['email', 'phone'], ['address', 'city'], ['reqs']]}
    />
  );
}
