import { describe, expect, it, vi } from 'vitest';
import { matchPath, routeTable } from '../../src/server/route-table.ts';

const request = (method: string, path: string) => new Request(`http://localhost${path}`, { method });

/** A table shaped like the admin functions': a fixed segment before the parameter beside it. */
function table() {
  const handlers = {
    list: vi.fn(async () => Response.json({ route: 'list' })),
    settings: vi.fn(async () => Response.json({ route: 'settings' })),
    file: vi.fn(async (call: { params: { caseId: string; uploadId: string } }) => Response.json(call.params)),
  };
  type Pattern = '/api/admin/cases' | '/api/admin/cases/settings' | '/api/admin/cases/:caseId/attachments/:uploadId';
  const route = routeTable<{ req: Request }, Pattern>({
    '/api/admin/cases': { GET: handlers.list, POST: handlers.list },
    '/api/admin/cases/settings': { GET: handlers.settings, PUT: handlers.settings },
    '/api/admin/cases/:caseId/attachments/:uploadId': { GET: handlers.file },
  });
  return { handlers, route: (method: string, path: string) => route({ req: request(method, path) }) };
}

describe('routeTable', () => {
  it('calls the handler of the matching route and method with the path parameters', async () => {
    const { handlers, route } = table();
    const response = await route('GET', '/api/admin/cases/C-1/attachments/u%C3%B1o');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ caseId: 'C-1', uploadId: 'u%C3%B1o' });
    expect(handlers.file).toHaveBeenCalledOnce();
    expect(handlers.list).not.toHaveBeenCalled();
  });

  it('takes the first pattern that matches: a fixed segment listed before a parameter wins', async () => {
    const { handlers, route } = table();
    expect(await (await route('PUT', '/api/admin/cases/settings')).json()).toEqual({ route: 'settings' });
    expect(handlers.settings).toHaveBeenCalledOnce();
  });

  it('answers 405 with the methods of that route in Allow, the body every function gives', async () => {
    const { handlers, route } = table();
    const response = await route('DELETE', '/api/admin/cases/settings');
    expect(response.status).toBe(405);
    expect(response.headers.get('Allow')).toBe('GET, PUT');
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    expect(await response.json()).toEqual({
      success: false,
      error: 'Método no permitido.',
      message: 'Método no permitido.',
    });
    const onlyGet = await route('POST', '/api/admin/cases/C-1/attachments/U-1');
    expect(onlyGet.status).toBe(405);
    expect(onlyGet.headers.get('Allow')).toBe('GET');
    expect(Object.values(handlers).every((handler) => handler.mock.calls.length === 0)).toBe(true);
  });

  it.each([
    ['a path of no route', '/api/admin/cases/C-1'],
    ['a trailing slash', '/api/admin/cases/'],
    ['an empty parameter', '/api/admin/cases//attachments/U-1'],
    ['a longer path', '/api/admin/cases/settings/more'],
  ])('answers 404 to %s without calling any handler', async (_, path) => {
    const { handlers, route } = table();
    const response = await route('GET', path);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      success: false,
      error: 'La dirección solicitada no existe.',
      message: 'La dirección solicitada no existe.',
    });
    expect(Object.values(handlers).every((handler) => handler.mock.calls.length === 0)).toBe(true);
  });
});

describe('matchPath', () => {
  it.each([
    ['/api/a/:id', '/api/a/7', { id: '7' }],
    ['/api/a/:id/b/:fileId', '/api/a/7/b/x.pdf', { id: '7', fileId: 'x.pdf' }],
    ['/api/a', '/api/a', {}],
    ['/api/a', '/api/b', null],
    ['/api/a/:id', '/api/a', null],
    ['/api/a/:id', '/api/a/7/b', null],
  ])('%s against %s gives %j', (pattern, path, expected) => {
    expect(matchPath(pattern, path)).toEqual(expected);
  });
});
