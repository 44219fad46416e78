import { ContactSchema, type ContactField } from '../shared/contact.ts';
import { TextForm } from './forms/TextForm.tsx';

/** /contacto (spec §2 Contact, §4, §7 POST /api/contacto). */
export default function ContactForm() {
  return (
    <TextForm<ContactField>
      schema={ContactSchema}
      endpoint="/api/contacto"
      draftKey="draft:contacto"
      rows={[
        [
          { id: 'name', label: 'Nombre', required: true, autoComplete: 'given-name' },
          { id: 'surname', label: 'Apellido', required: true, autoComplete: 'family-name' },
        ],
        [
          {
            id: 'email',
            label: 'Correo electrónico',
            required: true,
            type: 'email',
            autoComplete: 'email',
            hint: 'Le responderemos a este correo.',
          },
          { id: 'phone', label: 'Teléfono', type: 'tel', autoComplete: 'tel' },
        ],
        [
          { id: 'address', label: 'Dirección', autoComplete: 'street-address' },
          { id: 'city', label: 'Ciudad', autoComplete: 'address-level2' },
        ],
        [{ id: 'reqs', label: 'Mensaje', required: true, multiline: true }],
      ]}
    />
  );
}
