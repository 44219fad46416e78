/**
 * Spec §3 Settings, kept in localStorage: direction ltr, responsive font sizes, and the theme,
 * LIGHT or ONE_DARK (the default: dark background, yellow primary).
 */

export const themes = { LIGHT: 'Claro', ONE_DARK: 'Oscuro' } as const;
export type Theme = keyof typeof themes;

export interface Settings {
  direction: 'ltr';
  responsiveFontSizes: boolean;
  theme: Theme;
}

const SETTINGS_KEY = 'settings';

const defaultSettings: Settings = { direction: 'ltr', responsiveFontSizes: true, theme: 'ONE_DARK' };

const isTheme = (value: unknown): value is Theme => typeof value === 'string' && Object.hasOwn(themes, value);

/** The stored settings; spec §8: an invalid stored theme logs a warning and the light theme is used. */
function readSettings(): Settings {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(SETTINGS_KEY);
  } catch {
    // Storage disabled: the defaults, every time.
  }
  if (raw === null) return defaultSettings;
  let stored: Partial<Record<keyof Settings, unknown>> = {};
  try {
    stored = JSON.parse(raw) ?? {};
  } catch {
    // Unreadable settings: their theme is as invalid as a wrong name.
  }
  const theme = stored.theme ?? defaultSettings.theme;
  if (!isTheme(theme))
    console.warn(
      `Tema no válido en la configuración guardada (${JSON.stringify(stored.theme)}): se usa el tema claro.`,
    );
  return {
    direction: 'ltr',
    responsiveFontSizes:
      typeof stored.responsiveFontSizes === 'boolean'
        ? stored.responsiveFontSizes
        : defaultSettings.responsiveFontSizes,
    theme: isTheme(theme) ? theme : 'LIGHT',
  };
}

function storeSettings(settings: Settings): void {
  try {
    localStorage.setItem(SETTINGS_KEY, JSON.stringify(settings));
  } catch {
    // Storage full or disabled: the choice lasts until the page closes.
  }
}

/*
 * The settings as a store React reads with useSyncExternalStore: /login is rendered at build
 * time with the defaults (the server snapshot) and takes the stored theme right after it
 * hydrates, without a hydration mismatch; the client-only /admin reads the stored ones at once.
 */
let current: Settings | undefined;
const listeners = new Set<() => void>();

export const settingsStore = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get: (): Settings => (current ??= readSettings()),
  defaults: (): Settings => defaultSettings,
  set(settings: Settings): void {
    storeSettings(settings);
    current = settings;
    for (const listener of listeners) listener();
  },
};
