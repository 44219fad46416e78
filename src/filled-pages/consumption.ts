import { fileURLToPath } from 'node:url';
import { createElement, Fragment } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { ConsumptionLookupForm } from '../components/consumption/ConsumptionLookupForm.tsx';
import { lookUpConsumption } from '../server/consumption/lookup.ts';
import { readForm } from '../server/http.ts';
import { ConsumptionLookupSchema, type ConsumptionAnswer } from '../shared/consumption/schema.ts';
import { SINGLE_LINE } from '../shared/fields.ts';
import { ConsumptionReport } from '../ui/consumption/ConsumptionReport.tsx';
import { fillBetween, type PostedPage } from './filled-page.ts';
import { MARKERS } from './markers.ts';

/**
 * /consumo posted (docs/features/consumption.md): the form with the service number kept, and below
 * it the holder's view of the service; or the form again with what was typed and why it was
 * refused. The RUT is given back only to a form refused for it, never beside a result.
 */
export const consumptionPage: PostedPage<{ serviceNumber: string; answer: ConsumptionAnswer }> = {
  file: fileURLToPath(new URL('../../dist/consumo.html', import.meta.url)),
  read: async (req, db, address, now) => {
    const lookup = await readForm(req, ConsumptionLookupSchema, 1_024);
    return { serviceNumber: lookup.service_number, answer: await lookUpConsumption(db, lookup, address, now) };
  },
  // Only what a field may hold: a value with a control character is not written back.
  echo: (form) =>
    Object.fromEntries(
      (['service_number', 'rut'] as const).map((field) => {
        const value = form.get(field) ?? '';
        return [field, SINGLE_LINE.test(value) ? value.slice(0, 12) : ''];
      }),
    ),
  fill: (page, outcome) =>
    fillBetween(page, MARKERS.consumptionStart, MARKERS.consumptionEnd, () =>
      renderToStaticMarkup(
        'data' in outcome
          ? createElement(
              Fragment,
              null,
              createElement(ConsumptionLookupForm, { values: { service_number: outcome.data.serviceNumber } }),
              createElement(ConsumptionReport, {
                answer: outcome.data.answer,
                serviceNumber: outcome.data.serviceNumber,
                actions: true,
              }),
            )
          : createElement(ConsumptionLookupForm, {
              values: outcome.form,
              errors: outcome.refusal.errors ?? {},
              ...(outcome.refusal.errors ? {} : { message: outcome.refusal.message }),
            }),
      ),
    ),
};
