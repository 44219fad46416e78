import { createContext, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { settingsStore, type Settings, type Theme } from './settings.ts';

interface SettingsContextValue {
  settings: Settings;
  setTheme: (theme: Theme) => void;
}

const SettingsContext = createContext<SettingsContextValue | null>(null);

export function useSettings(): SettingsContextValue {
  const value = useContext(SettingsContext);
  if (!value) throw new Error('useSettings outside SettingsProvider');
  return value;
}

/**
 * Holds the settings and paints the app with them: the theme's CSS variables hang on
 * `data-theme` (src/admin/admin.css), the direction on `dir`.
 */
export function SettingsProvider({ children }: { children: ReactNode }) {
  const settings = useSyncExternalStore(settingsStore.subscribe, settingsStore.get, settingsStore.defaults);
  const value = useMemo<SettingsContextValue>(
    () => ({
      settings,
      setTheme: (theme) => settingsStore.set({ ...settings, theme }),
    }),
    [settings],
  );
  return (
    <SettingsContext value={value}>
      <div
        className="admin"
        data-theme={settings.theme}
        data-responsive-fonts={settings.responsiveFontSizes}
        dir={settings.direction}
      >
        {children}
      </div>
    </SettingsContext>
  );
}
