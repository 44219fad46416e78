/** The answer of a JSON POST, whatever happened on the way: islands never see an exception. */
export interface ApiResult<T> {
  status: number;
  body: (T & { success?: boolean; error?: string; errors?: Record<string, string> }) | null;
}

export async function postJson<T>(url: string, payload: unknown): Promise<ApiResult<T>> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(payload),
    });
    const body = await response.json().catch(() => null);
    return { status: response.status, body };
  } catch {
    // Network down (a phone losing signal): reported like any failed request.
    return { status: 0, body: null };
  }
}
