import { describe, expect, it } from 'vitest';
import * as adminAdvisories from '../../netlify/functions/admin-advisories.ts';
import contact from '../../netlify/functions/contact.ts';
import motorhome from '../../netlify/functions/motorhome.ts';
import rights from '../../netlify/functions/rights.ts';
import { refusals } from '../../src/shared/refusals.ts';
import { callFunction, read, signedInAdmin, useAdminEnvironment } from '../helpers/admin.ts';
import { postJson, refused, testContext } from '../helpers/functions.ts';

/**
 * "Bad input is 4xx" (docs/security.md): the walk that checks every key and string of a JSON body
 * is iterative and stops past 32 levels of nesting, so no depth makes a function overflow its stack.
 */
const environment = useAdminEnvironment();

/** `levels` arrays, one inside the other, around a string: `[[["x"]]]` is 3 levels. */
const nested = (levels: number) => `${'['.repeat(levels)}"x"${']'.repeat(levels)}`;
/** A JSON body whose `field` holds `levels` nested arrays: the body itself is one level more. */
const bodyWith = (field: string, levels: number) => `{"${field}":${nested(levels)}}`;

describe('a JSON body nested past 32 levels answers 400, whatever the endpoint', () => {
  it.each([
    ['/api/contacto', contact],
    ['/api/derechos', rights],
    ['/api/motorhome', motorhome],
  ])('POST %s, an array 8,000 deep', async (route, fn) => {
    const { context } = testContext();
    const response = await fn(postJson(route, bodyWith('name', 8_000)), context);
    expect(await read(response)).toEqual(refused(400, refusals.tooDeep));
  });

  it('an admin endpoint too, signed in', async () => {
    const { token } = await signedInAdmin(environment.database.db, 'Ana Admin', 'ana@example.com');
    const response = await callFunction(adminAdvisories, 'POST', '/api/admin/advisories', {
      token,
      body: bodyWith('towns', 8_000),
    });
    expect(await read(response)).toEqual(refused(400, refusals.tooDeep));
  });

  it('32 levels, the body counted, reach the form check; 33 are refused as too deep', async () => {
    const answer = async (levels: number) => {
      const { context } = testContext();
      return read(await contact(postJson('/api/contacto', bodyWith('name', levels - 1)), context));
    };
    expect((await answer(32)).body.error).toBe('Revise los datos del formulario.');
    expect(await answer(33)).toEqual(refused(400, refusals.tooDeep));
  });

  it('bad text deep inside a field is still refused as bad text, at its field', async () => {
    const { context } = testContext();
    const response = await contact(postJson('/api/contacto', '{"reqs":[[["a\\u0000b"]]]}'), context);
    expect(await read(response)).toEqual(
      refused(400, 'Revise los datos del formulario.', { reqs: refusals.invalidText }),
    );
  });
});
