import { describe, expect, it } from 'vitest';
import { yearsOffered, type CompanyDocument } from '../../src/shared/documents/schema.ts';
import { educationSection, type EducationDocument } from '../../src/shared/education/schema.ts';
import { REPORT_DEFAULT_KEY, REPORT_FALLBACK_KEY, resolveReportKey } from '../../src/shared/news/item-keys.ts';

describe('years offered for a download (spec §3)', () => {
  const documents: CompanyDocument[] = [
    { type: 'Memoria', year: 2021, url_file: '/m21.pdf' },
    { type: 'Memoria', year: 2023, url_file: '/m23.pdf' },
    { type: 'Memoria', year: 2022, url_file: null },
    { type: 'Estado Financiero', year: 2024, url_file: '/e24.pdf' },
    { type: 'Memoria', year: 2020, url_file: '' },
  ];
  it('are those with a file, most recent first, per kind', () => {
    expect(yearsOffered(documents, 'memories')).toEqual([2023, 2021]);
    expect(yearsOffered(documents, 'financial')).toEqual([2024]);
  });
});

describe('the news item shown (spec §2 /comunicados)', () => {
  const known = new Set(['certificacion-mujeres', 'beneficio-covid', 'compromiso', 'comunicado-7']);
  it.each([
    [null, REPORT_DEFAULT_KEY],
    ['', REPORT_DEFAULT_KEY],
    ['compromiso', 'compromiso'],
    ['comunicado-7', 'comunicado-7'],
    ['no-existe', REPORT_FALLBACK_KEY],
  ])('for the key %j is %s', (requested, shown) => {
    expect(resolveReportKey(requested, known)).toBe(shown);
  });
  it('defaults to the women certification and falls back to the Covid benefit', () => {
    expect([REPORT_DEFAULT_KEY, REPORT_FALLBACK_KEY]).toEqual(['certificacion-mujeres', 'beneficio-covid']);
  });
});

describe('an education section (spec §4)', () => {
  const doc = (
    id: number,
    title: string,
    content_type: EducationDocument['content_type'] = 'Documentos educativos',
    hidden = false,
  ): EducationDocument => ({
    id,
    title,
    content_type,
    hidden,
    description: '',
    url_file: `/${id}.pdf`,
    thumbnail: null,
  });
  it('puts the winter advice first among the educational documents and leaves out hidden ones', () => {
    const docs = [
      doc(1, 'Cuidemos el agua'),
      doc(2, 'El ciclo del agua'),
      doc(3, 'Consejos de invierno'),
      doc(4, 'Oculto', 'Documentos educativos', true),
      doc(5, 'Plan', 'Planificaciones'),
    ];
    expect(educationSection(docs, 'Documentos educativos').map((d) => d.id)).toEqual([3, 1, 2]);
    expect(educationSection(docs, 'Planificaciones').map((d) => d.id)).toEqual([5]);
  });
  it('does not reorder other sections by that rule', () => {
    const docs = [doc(1, 'Otra', 'Planificaciones'), doc(2, 'Consejos de invierno', 'Planificaciones')];
    expect(educationSection(docs, 'Planificaciones').map((d) => d.id)).toEqual([1, 2]);
  });
});
