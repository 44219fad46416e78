import { PERIODS_KEPT } from '../../../shared/consumption/schema.ts';
import {
  ReadingsImportAnswerSchema,
  ReadingsImportFormSchema,
  type ReadingsImportReport,
} from '../../../shared/consumption/readings-import.ts';
import { CsvImport, type CsvImportConfig } from '../imports/CsvImport.tsx';
import { count, ImportReport } from '../imports/ImportReport.tsx';
import { AccountsNav } from './AccountsNav.tsx';

const readings: CsvImportConfig<(typeof ReadingsImportFormSchema)['_zod']['output'], ReadingsImportReport> = {
  title: 'Importar lecturas',
  intro: (
    <>
      <AccountsNav />
      <p>
        El archivo CSV de lecturas que exporta el sistema de facturación da, por número de servicio y período, las
        lecturas del medidor, los m³ facturados y los cargos de la boleta: lo que los clientes ven en Mi consumo. Un
        período que ya estaba se reemplaza por el del archivo; de cada servicio se conservan los {PERIODS_KEPT} más
        recientes.
      </p>
    </>
  ),
  purpose: 'readings',
  endpoint: '/api/admin/readings/import',
  schema: ReadingsImportFormSchema,
  labels: { file: 'Archivo CSV de lecturas' },
  defaultValues: {},
  fileHint:
    'En la primera línea, las columnas service_number, period, read_from, read_to, reading_from, reading_to, consumption_m3, reading_type, overconsumption_m3, los nueve cargos (fixed_charge … compensation), total, due_date y, si la tiene, doc_url, separadas por punto y coma o por coma; texto en UTF-8; hasta 10 MB.',
  body: () => ({}),
  answer: ReadingsImportAnswerSchema,
  report: (report) => (
    <ImportReport
      summary={[
        ['Períodos importados', count(report.imported)],
        ['Reemplazaron uno que ya estaba', count(report.replaced)],
        [`Eliminados por ser anteriores a los ${PERIODS_KEPT} más recientes`, count(report.removed)],
        ['Avisos de consumo alto (enviados por correo)', `${count(report.warned)} (${count(report.mailed)})`],
        ['Líneas rechazadas', count(report.rejectedTotal)],
      ]}
      rejected={report.rejected}
      rejectedTotal={report.rejectedTotal}
    />
  ),
};

/** /admin/cuentas/lecturas: the readings export of Mi consumo, sent to POST /api/admin/readings/import. */
export default function ReadingsImport() {
  return <CsvImport config={readings} />;
}
